<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>AddTaskDialog</name>
    <message>
        <source>Add scheduled task</source>
        <translation>添加计划任务</translation>
    </message>
    <message>
        <source>(the prompt&apos;s first words)</source>
        <translation>（提示词的开头几个字）</translation>
    </message>
    <message>
        <source>Schedule (cron expression)</source>
        <translation>计划（cron 表达式）</translation>
    </message>
    <message>
        <source>Prompt</source>
        <translation>提示词</translation>
    </message>
    <message>
        <source>What the model is asked at each run, e.g. Summarise what changed in my notes.</source>
        <translation>每次运行时向模型提出的问题，例如：总结我的笔记中有哪些变化。</translation>
    </message>
    <message>
        <source>No project</source>
        <translation>无项目</translation>
    </message>
    <message>
        <source>Default provider</source>
        <translation>默认服务商</translation>
    </message>
    <message>
        <source>(the provider&apos;s default model)</source>
        <translation>（服务商的默认模型）</translation>
    </message>
    <message>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <source>No tools</source>
        <translation>不使用工具</translation>
    </message>
    <message>
        <source>Read files in the project&apos;s folder</source>
        <translation>读取项目文件夹中的文件</translation>
    </message>
    <message>
        <source>All tools (what would need asking is refused)</source>
        <translation>所有工具（需要询问的操作会被拒绝）</translation>
    </message>
    <message>
        <source>If the computer was off, run once at the next start</source>
        <translation>如果电脑当时关机，则在下次启动时运行一次</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Schedule</source>
        <translation>计划</translation>
    </message>
    <message>
        <source>Project</source>
        <translation>项目</translation>
    </message>
    <message>
        <source>Provider</source>
        <translation>服务商</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Time limit</source>
        <translation>时限</translation>
    </message>
    <message>
        <source>Tools</source>
        <translation>工具</translation>
    </message>
    <message>
        <source>Cron: minute hour day-of-month month day-of-week, in local time. 0 8 * * 1-5 is 08:00 on weekdays; */30 * * * * every half hour.</source>
        <translation>Cron：分钟 小时 日 月 星期，使用本地时间。0 8 * * 1-5 表示工作日 08:00；*/30 * * * * 表示每半小时。</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>添加</translation>
    </message>
    <message>
        <source>Next: {times}</source>
        <translation>下次：{times}</translation>
    </message>
    <message>
        <source>Never fires</source>
        <translation>永不触发</translation>
    </message>
</context>
<context>
    <name>AttachmentChip</name>
    <message>
        <source>Search instead of sending whole</source>
        <translation>检索而不整体发送</translation>
    </message>
    <message>
        <source>Parley indexes the file and sends only the parts that match each question, with citations</source>
        <translation>Parley 为文件建立索引，只发送与每个问题相关的部分，并附上引用</translation>
    </message>
    <message>
        <source>{format} image</source>
        <translation>{format} 图片</translation>
    </message>
    <message>
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>Document</source>
        <translation>文档</translation>
    </message>
    <message>
        <source>Spreadsheet</source>
        <translation>电子表格</translation>
    </message>
    <message>
        <source>Slides</source>
        <translation>演示文稿</translation>
    </message>
    <message>
        <source>Text</source>
        <translation>文本</translation>
    </message>
    <message>
        <source>Log</source>
        <translation>日志</translation>
    </message>
    <message>
        <source>page</source>
        <translation>页</translation>
    </message>
    <message>
        <source>pages</source>
        <translation>页</translation>
    </message>
    <message>
        <source>slide</source>
        <translation>张幻灯片</translation>
    </message>
    <message>
        <source>slides</source>
        <translation>张幻灯片</translation>
    </message>
    <message>
        <source>sheet</source>
        <translation>个工作表</translation>
    </message>
    <message>
        <source>sheets</source>
        <translation>个工作表</translation>
    </message>
    <message>
        <source>section</source>
        <translation>节</translation>
    </message>
    <message>
        <source>sections</source>
        <translation>节</translation>
    </message>
    <message>
        <source>Reading…</source>
        <translation>正在读取…</translation>
    </message>
    <message>
        <source>Reading… {done:,} / {total:,}</source>
        <translation>正在读取… {done:,} / {total:,}</translation>
    </message>
    <message>
        <source>Reading… {done:,} / {total:,} {unit}</source>
        <translation>正在读取… {done:,} / {total:,} {unit}</translation>
    </message>
    <message>
        <source>Remove {name}</source>
        <translation>移除 {name}</translation>
    </message>
    <message>
        <source>a folder, not a file</source>
        <translation>须为文件夹，而非文件</translation>
    </message>
    <message>
        <source>Stop reading and remove {name}</source>
        <translation>停止读取并移除 {name}</translation>
    </message>
</context>
<context>
    <name>AttachmentError</name>
    <message>
        <source>{name} does not exist (it may have been moved)</source>
        <translation>{name} 不存在（可能已被移动）</translation>
    </message>
    <message>
        <source>{name} cannot be opened ({detail})</source>
        <translation>无法打开 {name}（{detail}）</translation>
    </message>
    <message>
        <source>{name} cannot be read ({detail})</source>
        <translation>无法读取 {name}（{detail}）</translation>
    </message>
    <message>
        <source>{name} is not a file</source>
        <translation>{name} 不是文件</translation>
    </message>
    <message>
        <source>{name} is {size}; Parley reads files of up to {limit}</source>
        <translation>{name} 的大小为 {size}；Parley 最多读取 {limit} 的文件</translation>
    </message>
    <message>
        <source>{name} grew past {limit} while it was being read; Parley reads files of up to {limit}</source>
        <translation>{name} 在读取过程中增长到超过 {limit}；Parley 最多读取 {limit} 的文件</translation>
    </message>
    <message>
        <source>reading {name} was cancelled</source>
        <translation>已取消读取 {name}</translation>
    </message>
    <message>
        <source>reading {name} took longer than {seconds:g} s and was stopped</source>
        <translation>读取 {name} 耗时超过 {seconds:g} 秒，已被停止</translation>
    </message>
    <message>
        <source>reading {name} used more than its CPU time limit and was stopped</source>
        <translation>读取 {name} 超出了 CPU 时间上限，已被停止</translation>
    </message>
    <message>
        <source>reading {name} needed more than {memory} of memory and was stopped</source>
        <translation>读取 {name} 需要超过 {memory} 的内存，已被停止</translation>
    </message>
    <message>
        <source>{name} could not be read: the reader failed (exit {code}; {detail})</source>
        <translation>无法读取 {name}：读取程序失败（退出码 {code}；{detail}）</translation>
    </message>
    <message>
        <source>{name}: reading it needed more than {megabytes:,.0f} MB of memory and was stopped</source>
        <translation>{name}：读取它需要超过 {megabytes:,.0f} MB 的内存，已被停止</translation>
    </message>
    <message>
        <source>reading it needed more than {megabytes:,.0f} MB of memory and was stopped</source>
        <translation>读取它需要超过 {megabytes:,.0f} MB 的内存，已被停止</translation>
    </message>
    <message>
        <source>{name}: its structure is nested too deeply to read safely</source>
        <translation>{name}：其结构嵌套过深，无法安全读取</translation>
    </message>
    <message>
        <source>its structure is nested too deeply to read safely</source>
        <translation>其结构嵌套过深，无法安全读取</translation>
    </message>
    <message>
        <source>{name} could not be read ({detail})</source>
        <translation>无法读取 {name}（{detail}）</translation>
    </message>
    <message>
        <source>{name} is {label}, which Parley does not read{hint}</source>
        <translation>{name} 是 {label}，Parley 不读取此类文件{hint}</translation>
    </message>
    <message>
        <source>{name} is protected by a password, and Parley cannot open encrypted Office files; save a copy without the password and attach that</source>
        <translation>{name} 受密码保护，而 Parley 无法打开加密的 Office 文件；请另存一份不带密码的副本并附加该副本</translation>
    </message>
    <message>
        <source>{what}, which Parley does not read{hint}</source>
        <translation>{what}，Parley 不读取此类文件{hint}</translation>
    </message>
    <message>
        <source>; unpack it and attach the files inside</source>
        <translation>; 请将其解压，然后附加其中的文件</translation>
    </message>
    <message>
        <source>; images are read as PNG, JPEG, GIF or WEBP</source>
        <translation>; 图片仅支持 PNG、JPEG、GIF 或 WEBP 格式</translation>
    </message>
    <message>
        <source>; save it in the current format (.docx, .xlsx, .pptx) and attach that</source>
        <translation>; 请将其另存为当前格式（.docx、.xlsx、.pptx）后再附加</translation>
    </message>
    <message>
        <source>; save it as .docx, .xlsx or .pptx and attach that</source>
        <translation>; 请将其另存为 .docx、.xlsx 或 .pptx 后再附加</translation>
    </message>
    <message>
        <source>; save it as .docx or plain text and attach that</source>
        <translation>; 请将其另存为 .docx 或纯文本后再附加</translation>
    </message>
    <message>
        <source>{name} is actually {label}</source>
        <translation>{name} 实际上是 {label}</translation>
    </message>
    <message>
        <source>{name}: the part {part} is not well-formed XML ({detail})</source>
        <translation>{name}：部件 {part} 不是格式正确的 XML（{detail}）</translation>
    </message>
    <message>
        <source>the part {part} is not well-formed XML ({detail})</source>
        <translation>部件 {part} 不是格式正确的 XML（{detail}）</translation>
    </message>
    <message>
        <source>{name}: the part {part} declares a DTD or XML entities ({detail})</source>
        <translation>{name}：部件 {part} 声明了 DTD 或 XML 实体（{detail}）</translation>
    </message>
    <message>
        <source>{name}: the part {part} is implausibly large for what it is</source>
        <translation>{name}：部件 {part} 的大小与其类型明显不符</translation>
    </message>
    <message>
        <source>{name} has no main document part</source>
        <translation>{name} 没有主文档部件</translation>
    </message>
    <message>
        <source>{name} has no readable workbook part</source>
        <translation>{name} 没有可读取的工作簿部件</translation>
    </message>
    <message>
        <source>{name} has no text</source>
        <translation>{name} 不含文本</translation>
    </message>
    <message>
        <source>{name} has no visible text</source>
        <translation>{name} 不含可见文本</translation>
    </message>
    <message>
        <source>{name} is empty</source>
        <translation>{name} 为空</translation>
    </message>
    <message>
        <source>{name}: every sheet is empty</source>
        <translation>{name}：所有工作表都为空</translation>
    </message>
    <message>
        <source>every sheet is empty</source>
        <translation>所有工作表都为空</translation>
    </message>
    <message>
        <source>{name} is not a readable EPUB ({detail})</source>
        <translation>{name} 不是可读取的 EPUB（{detail}）</translation>
    </message>
    <message>
        <source>{name} has no visible text (only {count:,} hidden element, which a reader would not show)</source>
        <translation>{name} 不含可见文本（只有 {count:,} 个隐藏元素，阅读器不会显示它）</translation>
    </message>
    <message>
        <source>{name} has no visible text (only {count:,} hidden elements, which a reader would not show)</source>
        <translation>{name} 不含可见文本（只有 {count:,} 个隐藏元素，阅读器不会显示它们）</translation>
    </message>
    <message>
        <source>{name} has no visible text (only {count:,} hidden element, which a browser would not show)</source>
        <translation>{name} 不含可见文本（只有 {count:,} 个隐藏元素，浏览器不会显示它）</translation>
    </message>
    <message>
        <source>{name} has no visible text (only {count:,} hidden elements, which a browser would not show)</source>
        <translation>{name} 不含可见文本（只有 {count:,} 个隐藏元素，浏览器不会显示它们）</translation>
    </message>
    <message>
        <source>{name} is too large in pixels to be safe ({detail}); it looks like a decompression bomb and was not read</source>
        <translation>{name} 的像素尺寸过大，无法安全处理（{detail}）；它看起来像解压炸弹，未被读取</translation>
    </message>
    <message>
        <source>{name} is a damaged image ({detail})</source>
        <translation>{name} 是已损坏的图片（{detail}）</translation>
    </message>
    <message>
        <source>{name} is a {format} image, which Parley does not send</source>
        <translation>{name} 是 {format} 图片，Parley 不发送此类图片</translation>
    </message>
    <message>
        <source>{name} is an OLE2 file but not an e-mail</source>
        <translation>{name} 是 OLE2 文件，但不是电子邮件</translation>
    </message>
    <message>
        <source>{name} uses an encryption Parley cannot open ({detail})</source>
        <translation>{name} 使用了 Parley 无法打开的加密方式（{detail}）</translation>
    </message>
    <message>
        <source>{name} is protected by a password, and Parley cannot open password-protected PDFs; remove the password (for example by printing it to a new PDF) and attach it again</source>
        <translation>{name} 受密码保护，而 Parley 无法打开受密码保护的 PDF；请移除密码（例如将其打印为新的 PDF）后重新附加</translation>
    </message>
    <message>
        <source>{name} declares data beyond the safety limits ({detail}); it was not read</source>
        <translation>{name} 声明的数据超出了安全上限（{detail}）；未被读取</translation>
    </message>
    <message>
        <source>{name} has no pages</source>
        <translation>{name} 没有任何页面</translation>
    </message>
    <message>
        <source>{name}: {detail}, beyond the safety limit (a decompression bomb?); it was not read</source>
        <translation>{name}：{detail}，超出了安全上限（可能是解压炸弹？）；未被读取</translation>
    </message>
    <message>
        <source>{detail}, beyond the safety limit (a decompression bomb?); it was not read</source>
        <translation>{detail}，超出了安全上限（可能是解压炸弹？）；未被读取</translation>
    </message>
    <message>
        <source>{name} is damaged or truncated and cannot be opened ({detail})</source>
        <translation>{name} 已损坏或不完整，无法打开（{detail}）</translation>
    </message>
    <message>
        <source>{name}: its pages decompress beyond the safety limits (a decompression bomb?); nothing was read</source>
        <translation>{name}：其页面解压后超出了安全上限（可能是解压炸弹？）；未读取任何内容</translation>
    </message>
    <message>
        <source>its pages decompress beyond the safety limits (a decompression bomb?); nothing was read</source>
        <translation>其页面解压后超出了安全上限（可能是解压炸弹？）；未读取任何内容</translation>
    </message>
    <message>
        <source>{name} is damaged: none of its {count:,} page could be read</source>
        <translation>{name} 已损坏：其 {count:,} 个页面均无法读取</translation>
    </message>
    <message>
        <source>{name} is damaged: none of its {count:,} pages could be read</source>
        <translation>{name} 已损坏：其 {count:,} 个页面均无法读取</translation>
    </message>
    <message>
        <source>{name}: {count:,} page could not be read and the others have no text layer</source>
        <translation>{name}：{count:,} 个页面无法读取，其余页面没有文本层</translation>
    </message>
    <message>
        <source>{name}: {count:,} pages could not be read and the others have no text layer</source>
        <translation>{name}：{count:,} 个页面无法读取，其余页面没有文本层</translation>
    </message>
    <message>
        <source>{count:,} page could not be read and the others have no text layer</source>
        <translation>{count:,} 个页面无法读取，其余页面没有文本层</translation>
    </message>
    <message>
        <source>{count:,} pages could not be read and the others have no text layer</source>
        <translation>{count:,} 个页面无法读取，其余页面没有文本层</translation>
    </message>
    <message>
        <source>{name}: scanned PDF ({count:,} page) with no text layer; OCR is not supported</source>
        <translation>{name}：没有文本层的扫描版 PDF（{count:,} 页）；不支持 OCR</translation>
    </message>
    <message>
        <source>{name}: scanned PDF ({count:,} pages) with no text layer; OCR is not supported</source>
        <translation>{name}：没有文本层的扫描版 PDF（{count:,} 页）；不支持 OCR</translation>
    </message>
    <message>
        <source>scanned PDF ({count:,} page) with no text layer; OCR is not supported</source>
        <translation>没有文本层的扫描版 PDF（{count:,} 页）；不支持 OCR</translation>
    </message>
    <message>
        <source>scanned PDF ({count:,} pages) with no text layer; OCR is not supported</source>
        <translation>没有文本层的扫描版 PDF（{count:,} 页）；不支持 OCR</translation>
    </message>
    <message>
        <source>{name} has no text ({count:,} slide)</source>
        <translation>{name} 不含文本（{count:,} 张幻灯片）</translation>
    </message>
    <message>
        <source>{name} has no text ({count:,} slides)</source>
        <translation>{name} 不含文本（{count:,} 张幻灯片）</translation>
    </message>
    <message>
        <source>{name} is not valid CSV near line {line:,} ({detail})</source>
        <translation>{name} 在第 {line:,} 行附近不是有效的 CSV（{detail}）</translation>
    </message>
</context>
<context>
    <name>AttachmentStrip</name>
    <message>
        <source>not found</source>
        <translation>未找到</translation>
    </message>
    <message>
        <source>cannot read: {exc}</source>
        <translation>无法读取：{exc}</translation>
    </message>
</context>
<context>
    <name>AttachmentText</name>
    <message>
        <source>{kind} image</source>
        <translation>{kind} 图片</translation>
    </message>
    <message>
        <source>not sent: {reason}</source>
        <translation>未发送：{reason}</translation>
    </message>
    <message>
        <source>not sent</source>
        <translation>未发送</translation>
    </message>
    <message>
        <source>searched for each question</source>
        <translation>针对每个问题检索</translation>
    </message>
    <message>
        <source>truncated: the model saw the first {count:,} characters</source>
        <translation>已截断：模型只看到了前 {count:,} 个字符</translation>
    </message>
</context>
<context>
    <name>AttachmentViewer</name>
    <message>
        <source>{count:,} characters</source>
        <translation>{count:,} 个字符</translation>
    </message>
    <message>
        <source>read by {extractor}</source>
        <translation>由 {extractor} 读取</translation>
    </message>
    <message>
        <source>truncated</source>
        <translation>已截断</translation>
    </message>
    <message>
        <source>{name} — what the model saw</source>
        <translation>{name} — 模型看到的内容</translation>
    </message>
    <message>
        <source>Not sent to the model — {attachment_error}</source>
        <translation>未发送给模型 — {attachment_error}</translation>
    </message>
    <message>
        <source>The file was longer than the limit: the model saw only the text below.</source>
        <translation>文件超出长度上限：模型只看到了下面的文本。</translation>
    </message>
    <message>
        <source>This file was searched for each question rather than sent whole: below are the excerpts the model was given for this answer.</source>
        <translation>此文件没有整体发送，而是针对每个问题进行检索：下面是模型为这条回答得到的摘录。</translation>
    </message>
    <message>
        <source>(no text)</source>
        <translation>（无文本）</translation>
    </message>
    <message>
        <source>The image cannot be shown here.</source>
        <translation>此处无法显示该图片。</translation>
    </message>
    <message>
        <source>Loading…</source>
        <translation>正在加载…</translation>
    </message>
    <message>
        <source>The image cannot be shown: {exc}</source>
        <translation>无法显示该图片：{exc}</translation>
    </message>
</context>
<context>
    <name>AttachmentsController</name>
    <message>
        <source>Cannot keep the pasted image: {exc}</source>
        <translation>无法保留粘贴的图片：{exc}</translation>
    </message>
    <message>
        <source>Choose an MCP server for this conversation first (Tools → MCP servers).</source>
        <translation>请先为此对话选择一个 MCP 服务器（工具 → MCP 服务器）。</translation>
    </message>
    <message>
        <source>This installation of Parley has no MCP client.</source>
        <translation>此 Parley 安装没有 MCP 客户端。</translation>
    </message>
    <message>
        <source>the stored copy of this image cannot be found</source>
        <translation>找不到此图片的已存储副本</translation>
    </message>
    <message>
        <source>Showing the original file, not the copy that was sent; it may have changed since.</source>
        <translation>显示的是原始文件，而非发送的副本；它之后可能已被修改。</translation>
    </message>
    <message>
        <source>Workspace for the model&apos;s tools</source>
        <translation>供模型工具使用的工作区</translation>
    </message>
    <message>
        <source>Commands run sandboxed ({mechanism})</source>
        <translation>命令在沙箱中运行（{mechanism}）</translation>
    </message>
    <message>
        <source>Each command runs in an operating-system sandbox: your home folder is hidden, there is no network unless you allow a command that needs it, and it writes only where the permission prompt says.</source>
        <translation>每条命令都在操作系统沙箱中运行：您的主文件夹被隐藏，除非您允许需要网络的命令，否则没有网络，并且只会写入权限提示中说明的位置。</translation>
    </message>
    <message>
        <source>No sandbox on this system: every command asks{install}</source>
        <translation>此系统没有沙箱：每条命令都会询问{install}</translation>
    </message>
    <message>
        <source>{reason}. Commands would run with your permissions, so Parley asks before each one.</source>
        <translation>{reason}。命令将以您的权限运行，因此 Parley 会在每条命令前询问。</translation>
    </message>
</context>
<context>
    <name>Badges</name>
    <message>
        <source>Completed</source>
        <translation>已完成</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>Stopped</source>
        <translation>已停止</translation>
    </message>
    <message>
        <source>Denied</source>
        <translation>已拒绝</translation>
    </message>
    <message>
        <source>No turns</source>
        <translation>无轮次</translation>
    </message>
    <message>
        <source>Key set</source>
        <translation>已设密钥</translation>
    </message>
    <message>
        <source>Key from env</source>
        <translation>密钥来自环境变量</translation>
    </message>
    <message>
        <source>No key</source>
        <translation>无密钥</translation>
    </message>
    <message>
        <source>No keyring</source>
        <translation>无密钥环</translation>
    </message>
    <message>
        <source>No key needed</source>
        <translation>无需密钥</translation>
    </message>
    <message>
        <source>Off</source>
        <translation>已关闭</translation>
    </message>
    <message>
        <source>Not started</source>
        <translation>未启动</translation>
    </message>
    <message>
        <source>Starting</source>
        <translation>正在启动</translation>
    </message>
    <message>
        <source>Ready</source>
        <translation>就绪</translation>
    </message>
    <message>
        <source>Invalid</source>
        <translation>无效</translation>
    </message>
</context>
<context>
    <name>ChatController</name>
    <message>
        <source>{count:,} tokens</source>
        <translation>{count:,} 个 Token</translation>
    </message>
    <message>
        <source>Stop the running answer before starting a new chat.</source>
        <translation>开始新聊天前，请先停止正在生成的回答。</translation>
    </message>
    <message>
        <source>Wait for the answer to finish before switching branches.</source>
        <translation>请等回答完成后再切换分支。</translation>
    </message>
    <message>
        <source>Copied the last answer.</source>
        <translation>已复制最后一条回答。</translation>
    </message>
    <message>
        <source>Still reading the settings; send again in a moment.</source>
        <translation>仍在读取设置，请稍后再发送。</translation>
    </message>
    <message>
        <source>Opening the conversation; your message goes as soon as it is read.</source>
        <translation>正在打开对话；读取完成后会立即发送您的消息。</translation>
    </message>
    <message>
        <source>Send /compact on its own; your message stays here.</source>
        <translation>请单独发送 /compact；您的消息会保留在这里。</translation>
    </message>
    <message>
        <source>The next message goes to {model}.</source>
        <translation>下一条消息将发送给 {model}。</translation>
    </message>
    <message>
        <source>Nothing to summarise yet: this conversation has no messages.</source>
        <translation>暂无可摘要的内容：此对话没有消息。</translation>
    </message>
    <message>
        <source>Earlier messages cannot be summarised right now.</source>
        <translation>目前无法摘要较早的消息。</translation>
    </message>
    <message>
        <source>Summarising earlier messages…</source>
        <translation>正在摘要较早的消息…</translation>
    </message>
    <message>
        <source>1 earlier turn</source>
        <translation>较早的 1 轮</translation>
    </message>
    <message>
        <source>{count} earlier turns</source>
        <translation>较早的 {count} 轮</translation>
    </message>
    <message>
        <source>Summarised {what}.</source>
        <translation>已摘要{what}。</translation>
    </message>
    <message>
        <source>Nothing was summarised.</source>
        <translation>没有摘要任何内容。</translation>
    </message>
    <message>
        <source>Summarising failed: {exc}</source>
        <translation>摘要失败：{exc}</translation>
    </message>
    <message>
        <source>Stopping…</source>
        <translation>正在停止…</translation>
    </message>
    <message>
        <source> · {tokens_in} in / {tokens_out} out tokens</source>
        <translation> · 输入 {tokens_in} / 输出 {tokens_out} 个 Token</translation>
    </message>
    <message>
        <source>Done in {duration_s:.1f} s{figures}</source>
        <translation>用时 {duration_s:.1f} 秒完成{figures}</translation>
    </message>
    <message>
        <source>Stopped. The partial answer was kept.</source>
        <translation>已停止。已保留部分回答。</translation>
    </message>
    <message>
        <source>Failed: {error}</source>
        <translation>失败：{error}</translation>
    </message>
    <message>
        <source>Timed out: {error}</source>
        <translation>超时：{error}</translation>
    </message>
</context>
<context>
    <name>CommandPopup</name>
    <message>
        <source>Command suggestions</source>
        <translation>命令建议</translation>
    </message>
</context>
<context>
    <name>Compaction</name>
    <message>
        <source>there are no earlier messages to summarise yet</source>
        <translation>还没有可摘要的较早消息</translation>
    </message>
    <message>
        <source>{model} cannot read even a short part of the conversation (its window is {tokens:,} tokens)</source>
        <translation>{model} 连对话的一小部分都无法读取（其窗口为 {tokens:,} 个 Token）</translation>
    </message>
    <message>
        <source>{model} could not write the summary: {exc}</source>
        <translation>{model} 无法写出摘要：{exc}</translation>
    </message>
    <message>
        <source>stopped before the summary was finished</source>
        <translation>在摘要完成前已停止</translation>
    </message>
    <message>
        <source>{model} answered with an empty summary</source>
        <translation>{model} 返回了空摘要</translation>
    </message>
    <message>
        <source>the summary was no shorter than the messages it would replace</source>
        <translation>摘要并不比它要替换的消息更短</translation>
    </message>
    <message>
        <source>There are no earlier messages to summarise yet.</source>
        <translation>还没有可摘要的较早消息。</translation>
    </message>
    <message>
        <source>{model} cannot read even a short part of the conversation (its window is {tokens:,} tokens).</source>
        <translation>{model} 连对话的一小部分都无法读取（其窗口为 {tokens:,} 个 Token）。</translation>
    </message>
    <message>
        <source>{model} could not write the summary: {exc}.</source>
        <translation>{model} 无法写出摘要：{exc}。</translation>
    </message>
    <message>
        <source>Stopped before the summary was finished.</source>
        <translation>在摘要完成前已停止。</translation>
    </message>
    <message>
        <source>{model} answered with an empty summary.</source>
        <translation>{model} 返回了空摘要。</translation>
    </message>
    <message>
        <source>The summary was no shorter than the messages it would replace.</source>
        <translation>摘要并不比它要替换的消息更短。</translation>
    </message>
    <message>
        <source>There is nothing to summarise yet.</source>
        <translation>暂无可摘要的内容。</translation>
    </message>
    <message>
        <source>That message is no longer here.</source>
        <translation>该消息已不在此处。</translation>
    </message>
    <message>
        <source>No model is chosen to write the summary.</source>
        <translation>尚未选择用于撰写摘要的模型。</translation>
    </message>
</context>
<context>
    <name>Composer</name>
    <message>
        <source>Ask anything — Ctrl+Enter to send, / for commands</source>
        <translation>随便问点什么 — Ctrl+Enter 发送，/ 输入命令</translation>
    </message>
    <message>
        <source>Ask anything — Enter to send, Shift+Enter for a new line, / for commands</source>
        <translation>随便问点什么 — Enter 发送，Shift+Enter 换行，/ 输入命令</translation>
    </message>
    <message>
        <source>Send (Ctrl+Enter)</source>
        <translation>发送（Ctrl+Enter）</translation>
    </message>
    <message>
        <source>Send (Enter)</source>
        <translation>发送（Enter）</translation>
    </message>
    <message>
        <source>Prompt</source>
        <translation>提示词</translation>
    </message>
    <message>
        <source>Attach</source>
        <translation>附加</translation>
    </message>
    <message>
        <source>Attach files</source>
        <translation>附加文件</translation>
    </message>
    <message>
        <source>Attach files (or drop them here, or paste them)</source>
        <translation>附加文件（也可拖放到此处或粘贴）</translation>
    </message>
    <message>
        <source>Files…</source>
        <translation>文件…</translation>
    </message>
    <message>
        <source>From an MCP server…</source>
        <translation>来自 MCP 服务器…</translation>
    </message>
    <message>
        <source>Editing an earlier message</source>
        <translation>正在编辑较早的消息</translation>
    </message>
    <message>
        <source>Editing an earlier message — sending starts a new branch.</source>
        <translation>正在编辑较早的消息 — 发送后将开始新分支。</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Cancel editing</source>
        <translation>取消编辑</translation>
    </message>
    <message>
        <source>Stop editing and bring back your draft (Esc)</source>
        <translation>停止编辑并恢复您的草稿（Esc）</translation>
    </message>
    <message>
        <source>Prompt error</source>
        <translation>输入错误</translation>
    </message>
    <message>
        <source>Stop the answer (Esc)</source>
        <translation>停止回答（Esc）</translation>
    </message>
</context>
<context>
    <name>Confinement</name>
    <message>
        <source>Not sandboxed: no sandbox is available on this system, so the command runs with your permissions and can reach anything you can.</source>
        <translation>未使用沙箱：此系统上没有可用的沙箱，因此命令将以您的权限运行，可以访问您能访问的一切。</translation>
    </message>
    <message>
        <source>Sandboxed ({mechanism}): {reach}, {net}; your home folder is hidden.</source>
        <translation>沙箱隔离（{mechanism}）：{reach}，{net}；您的主文件夹已隐藏。</translation>
    </message>
    <message>
        <source>not sandboxed</source>
        <translation>未使用沙箱</translation>
    </message>
    <message>
        <source>with network access</source>
        <translation>可访问网络</translation>
    </message>
    <message>
        <source>without network access</source>
        <translation>无法访问网络</translation>
    </message>
    <message>
        <source>can read the workspace but change nothing</source>
        <translation>可读取工作区，但不能做任何更改</translation>
    </message>
    <message>
        <source>can write only in this turn&apos;s sandbox folder</source>
        <translation>只能写入本轮的沙箱文件夹</translation>
    </message>
    <message>
        <source>can change files in the workspace (not .git/hooks or .git/config)</source>
        <translation>可更改工作区中的文件（.git/hooks 和 .git/config 除外）</translation>
    </message>
    <message>
        <source>can write only the workspace&apos;s Python environment</source>
        <translation>只能写入工作区的 Python 环境</translation>
    </message>
</context>
<context>
    <name>ContextGauge</name>
    <message>
        <source>Context window</source>
        <translation>上下文窗口</translation>
    </message>
    <message>
        <source>reported by the server</source>
        <translation>由服务器报告</translation>
    </message>
    <message>
        <source>from the table of context windows</source>
        <translation>来自上下文窗口表</translation>
    </message>
    <message>
        <source>a guess — set it in Settings → Prices</source>
        <translation>估计值 — 请在 设置 → 价格 中设置</translation>
    </message>
    <message>
        <source>of unknown origin</source>
        <translation>来源未知</translation>
    </message>
    <message>
        <source>{percent}% of {window}</source>
        <translation>{window} 的 {percent}%</translation>
    </message>
    <message>
        <source>{tokens:,} of {window:,} tokens in the context window ({percent}%)</source>
        <translation>上下文窗口已用 {tokens:,} / {window:,} 个 Token（{percent}%）</translation>
    </message>
    <message>
        <source>Window size: {source}</source>
        <translation>窗口大小：{source}</translation>
    </message>
    <message>
        <source>{tokens:,} tokens kept for the answer</source>
        <translation>为回答预留 {tokens:,} 个 Token</translation>
    </message>
    <message>
        <source>Measured before earlier messages were summarised; the next message measures again.</source>
        <translation>此为较早消息被摘要前的测量值；下一条消息会重新测量。</translation>
    </message>
</context>
<context>
    <name>ContextPage</name>
    <message>
        <source>This conversation&apos;s model</source>
        <translation>此对话的模型</translation>
    </message>
    <message>
        <source>None — keyword search only</source>
        <translation>无 — 仅关键词搜索</translation>
    </message>
    <message>
        <source>Compaction threshold</source>
        <translation>压缩阈值</translation>
    </message>
    <message>
        <source>Compaction provider</source>
        <translation>压缩服务商</translation>
    </message>
    <message>
        <source>Compaction model</source>
        <translation>压缩模型</translation>
    </message>
    <message>
        <source>Compaction model error</source>
        <translation>压缩模型错误</translation>
    </message>
    <message>
        <source>Embedding provider</source>
        <translation>嵌入服务商</translation>
    </message>
    <message>
        <source>Embedding model</source>
        <translation>嵌入模型</translation>
    </message>
    <message>
        <source>Embedding model error</source>
        <translation>嵌入模型错误</translation>
    </message>
    <message>
        <source>Excerpts per turn</source>
        <translation>每轮摘录数</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>保存</translation>
    </message>
    <message>
        <source>Save context settings</source>
        <translation>保存上下文设置</translation>
    </message>
    <message>
        <source>Context settings save result</source>
        <translation>上下文设置保存结果</translation>
    </message>
    <message>
        <source>Long conversations</source>
        <translation>长对话</translation>
    </message>
    <message>
        <source>Threshold</source>
        <translation>阈值</translation>
    </message>
    <message>
        <source>When a conversation&apos;s request passes this share of the model&apos;s context window, its oldest turns are summarised (nothing is deleted: History keeps them, and the transcript can show them).</source>
        <translation>当对话的请求超过模型上下文窗口的这一比例时，最早的轮次会被摘要（不会删除任何内容：历史记录会保留它们，对话记录也可以显示它们）。</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Who writes the summary: the conversation&apos;s own model, or a cheaper one.</source>
        <translation>由谁撰写摘要：对话自身的模型，或更便宜的模型。</translation>
    </message>
    <message>
        <source>Documents and knowledge folders</source>
        <translation>文档和知识库文件夹</translation>
    </message>
    <message>
        <source>Embeddings</source>
        <translation>嵌入</translation>
    </message>
    <message>
        <source>Keyword search (BM25) always works, offline. An embedding model adds search by meaning; its provider is sent the documents&apos; text to embed.</source>
        <translation>关键词搜索（BM25）始终可用，无需联网。嵌入模型可增加按语义搜索；其服务商会收到文档文本用于嵌入。</translation>
    </message>
    <message>
        <source>How many excerpts of large attachments and the project&apos;s knowledge folder a turn is given at most.</source>
        <translation>每轮最多从大型附件和项目知识库文件夹中获得多少条摘录。</translation>
    </message>
    <message>
        <source>Name a model of {compaction_provider}.</source>
        <translation>请填写 {compaction_provider} 的一个模型。</translation>
    </message>
    <message>
        <source>Name an embedding model of {embedding_provider}.</source>
        <translation>请填写 {embedding_provider} 的一个嵌入模型。</translation>
    </message>
    <message>
        <source>Saved.</source>
        <translation>已保存。</translation>
    </message>
    <message>
        <source>Not saved: {exc}</source>
        <translation>未保存：{exc}</translation>
    </message>
    <message>
        <source>{current} (not configured)</source>
        <translation>{current}（未配置）</translation>
    </message>
    <message>
        <source>a model of that provider</source>
        <translation>该服务商的一个模型</translation>
    </message>
</context>
<context>
    <name>ContextWindowsSection</name>
    <message>
        <source>Context windows</source>
        <translation>上下文窗口</translation>
    </message>
    <message>
        <source>How many tokens each model can read per request (prompt and answer) and at most write (Max output; empty or 0 if unknown). Used when the provider does not report a model&apos;s window itself (OpenRouter, Ollama, LM Studio, llama.cpp and Gemini do). Built-in figures checked on {WINDOWS_CHECKED_ON}.</source>
        <translation>每个模型每次请求可读取（提示词和回答）以及最多可写入（最大输出；未知时为空或 0）的 Token 数。当服务商不自行报告模型窗口时使用（OpenRouter、Ollama、LM Studio、llama.cpp 和 Gemini 会报告）。内置数据核对于 {WINDOWS_CHECKED_ON}。</translation>
    </message>
    <message>
        <source>Context windows result</source>
        <translation>上下文窗口结果</translation>
    </message>
    <message>
        <source>Cannot read context windows: {exc}</source>
        <translation>无法读取上下文窗口：{exc}</translation>
    </message>
    <message>
        <source>The built-in context windows (checked on {WINDOWS_CHECKED_ON}) are shown; Save to use them.</source>
        <translation>显示的是内置上下文窗口（核对于 {WINDOWS_CHECKED_ON}）；保存即可使用。</translation>
    </message>
    <message>
        <source>Saved {n_windows} context-window rows.</source>
        <translation>已保存 {n_windows} 行上下文窗口。</translation>
    </message>
    <message>
        <source>Not saved: {exc}</source>
        <translation>未保存：{exc}</translation>
    </message>
</context>
<context>
    <name>ConversationItems</name>
    <message>
        <source>Earlier messages summarised</source>
        <translation>较早的消息已摘要</translation>
    </message>
    <message>
        <source>Show original messages</source>
        <translation>显示原始消息</translation>
    </message>
    <message>
        <source>Hide original messages</source>
        <translation>隐藏原始消息</translation>
    </message>
    <message>
        <source>(The provider sent this reasoning encrypted: it is kept, but cannot be shown.)</source>
        <translation>（服务商以加密形式发送了此推理过程：已保留，但无法显示。）</translation>
    </message>
    <message>
        <source>Reasoning (encrypted by the provider)</source>
        <translation>推理过程（已由服务商加密）</translation>
    </message>
    <message>
        <source>Reasoning</source>
        <translation>推理过程</translation>
    </message>
    <message>
        <source>Thought for a moment</source>
        <translation>思考了片刻</translation>
    </message>
    <message>
        <source>Thought for {seconds} s</source>
        <translation>思考了 {seconds} 秒</translation>
    </message>
    <message>
        <source>Thought for {minutes} min {seconds} s</source>
        <translation>思考了 {minutes} 分 {seconds} 秒</translation>
    </message>
    <message>
        <source>Thought for {minutes} min</source>
        <translation>思考了 {minutes} 分钟</translation>
    </message>
</context>
<context>
    <name>ConversationList</name>
    <message>
        <source>(untitled)</source>
        <translation>（无标题）</translation>
    </message>
    <message>
        <source>Enter opens, F2 renames, Delete deletes, the context menu has more</source>
        <translation>Enter 打开，F2 重命名，Delete 删除，右键菜单中有更多操作</translation>
    </message>
    <message>
        <source>Pinned</source>
        <translation>已固定</translation>
    </message>
    <message>
        <source>Today</source>
        <translation>今天</translation>
    </message>
    <message>
        <source>Yesterday</source>
        <translation>昨天</translation>
    </message>
    <message>
        <source>Previous 7 days</source>
        <translation>过去 7 天</translation>
    </message>
    <message>
        <source>Previous 30 days</source>
        <translation>过去 30 天</translation>
    </message>
    <message>
        <source>Older</source>
        <translation>更早</translation>
    </message>
    <message>
        <source>No conversations yet — start one with {keys}.</source>
        <translation>暂无对话 — 按 {keys} 开始一个。</translation>
    </message>
    <message>
        <source>No conversations match “{query}”.</source>
        <translation>没有与“{query}”匹配的对话。</translation>
    </message>
    <message>
        <source>No conversations match.</source>
        <translation>没有匹配的对话。</translation>
    </message>
    <message>
        <source>{head} Try fewer or other words; Esc clears the search.</source>
        <translation>{head} 请尝试更少或不同的词；按 Esc 清除搜索。</translation>
    </message>
    <message>
        <source>Conversations</source>
        <translation>对话</translation>
    </message>
    <message>
        <source>{title}, pinned</source>
        <translation>{title}，已固定</translation>
    </message>
    <message>
        <source>{title} section</source>
        <translation>{title} 分区</translation>
    </message>
    <message>
        <source>Project {title}, collapsed</source>
        <translation>项目 {title}，已折叠</translation>
    </message>
    <message>
        <source>Project {title}, expanded</source>
        <translation>项目 {title}，已展开</translation>
    </message>
    <message>
        <source>Conversation actions</source>
        <translation>对话操作</translation>
    </message>
    <message>
        <source>Rename</source>
        <translation>重命名</translation>
    </message>
    <message>
        <source>Unpin</source>
        <translation>取消固定</translation>
    </message>
    <message>
        <source>Pin</source>
        <translation>固定</translation>
    </message>
    <message>
        <source>Duplicate</source>
        <translation>复制副本</translation>
    </message>
    <message>
        <source>Move to project</source>
        <translation>移到项目</translation>
    </message>
    <message>
        <source>(no projects yet)</source>
        <translation>（暂无项目）</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>{title}
last activity {when}</source>
        <translation>{title}
最近活动 {when}</translation>
    </message>
</context>
<context>
    <name>Costs</name>
    <message>
        <source>{text!r} is not an amount: write it like 0.50</source>
        <translation>{text!r} 不是金额：请按 0.50 这样的格式填写</translation>
    </message>
    <message>
        <source>{text!r} is not an amount: write a number of 0 or more</source>
        <translation>{text!r} 不是金额：请填写大于或等于 0 的数字</translation>
    </message>
    <message>
        <source>{text!r}: write the decimals with a dot, like 2.50</source>
        <translation>{text!r}：请用小数点表示小数，例如 2.50</translation>
    </message>
    <message>
        <source>{text!r} is not a number; write a price like 2.50</source>
        <translation>{text!r} 不是数字；请按 2.50 这样的格式填写价格</translation>
    </message>
    <message>
        <source>{text!r} is not a usable price</source>
        <translation>{text!r} 不是可用的价格</translation>
    </message>
    <message>
        <source>{text!r} is negative; a price is 0 or more</source>
        <translation>{text!r} 是负数；价格须大于或等于 0</translation>
    </message>
</context>
<context>
    <name>CostsView</name>
    <message>
        <source>Turns</source>
        <translation>轮次</translation>
    </message>
    <message>
        <source>Tokens in</source>
        <translation>输入 Token</translation>
    </message>
    <message>
        <source>Tokens out</source>
        <translation>输出 Token</translation>
    </message>
    <message>
        <source>Est. cost</source>
        <translation>估算费用</translation>
    </message>
    <message>
        <source>Parley — Costs</source>
        <translation>Parley — 费用</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>合计</translation>
    </message>
    <message>
        <source>Costs error</source>
        <translation>费用错误</translation>
    </message>
    <message>
        <source>Costs</source>
        <translation>费用</translation>
    </message>
    <message>
        <source>Per member</source>
        <translation>按成员</translation>
    </message>
    <message>
        <source>Per model</source>
        <translation>按模型</translation>
    </message>
    <message>
        <source>Reading…</source>
        <translation>正在读取…</translation>
    </message>
    <message>
        <source>No finished turns match these filters.</source>
        <translation>没有符合这些筛选条件的已完成轮次。</translation>
    </message>
    <message>
        <source>Total: {turns} · {tokens_in:,} tokens in · {tokens_out:,} tokens out · {cost}</source>
        <translation>合计：{turns} · 输入 {tokens_in:,} 个 Token · 输出 {tokens_out:,} 个 Token · {cost}</translation>
    </message>
    <message>
        <source>estimated {money}</source>
        <translation>估算 {money}</translation>
    </message>
    <message>
        <source>no price known for these models</source>
        <translation>这些模型没有已知价格</translation>
    </message>
    <message>
        <source>{count} had no price (Settings → Prices): their tokens are counted, their cost is not.</source>
        <translation>{count} 项没有价格（设置 → 价格）：计入其 Token 数，不计其费用。</translation>
    </message>
    <message>
        <source>Estimated with the price table in Settings → Prices.</source>
        <translation>根据 设置 → 价格 中的价格表估算。</translation>
    </message>
    <message>
        <source>member {value}</source>
        <translation>成员 {value}</translation>
    </message>
    <message>
        <source>since {value}</source>
        <translation>自 {value} 起</translation>
    </message>
    <message>
        <source>until {value}</source>
        <translation>截至 {value}</translation>
    </message>
    <message>
        <source>provider {value}</source>
        <translation>服务商 {value}</translation>
    </message>
    <message>
        <source>model {value}</source>
        <translation>模型 {value}</translation>
    </message>
    <message>
        <source>project {value}</source>
        <translation>项目 {value}</translation>
    </message>
    <message>
        <source>workspace {value}</source>
        <translation>工作区 {value}</translation>
    </message>
    <message>
        <source>status {value}</source>
        <translation>状态 {value}</translation>
    </message>
    <message>
        <source>verdict {value}</source>
        <translation>裁决 {value}</translation>
    </message>
    <message>
        <source>with tool calls</source>
        <translation>含工具调用</translation>
    </message>
    <message>
        <source>all finished turns</source>
        <translation>所有已完成的轮次</translation>
    </message>
    <message>
        <source>finished turns, {filters}</source>
        <translation>已完成的轮次，{filters}</translation>
    </message>
    <message>
        <source>(unknown)</source>
        <translation>（未知）</translation>
    </message>
    <message>
        <source>{count:,} turn</source>
        <translation>{count:,} 轮</translation>
    </message>
    <message>
        <source>{count:,} turns</source>
        <translation>{count:,} 轮</translation>
    </message>
    <message>
        <source>{count:,} member/model row</source>
        <translation>{count:,} 个成员/模型行</translation>
    </message>
    <message>
        <source>{count:,} member/model rows</source>
        <translation>{count:,} 个成员/模型行</translation>
    </message>
</context>
<context>
    <name>CrashReport</name>
    <message>
        <source>Parley crashed last time. The crash report is in {path} (please attach it when you report the problem).</source>
        <translation>Parley 上次崩溃了。崩溃报告位于 {path}（报告问题时请附上它）。</translation>
    </message>
</context>
<context>
    <name>DesktopPage</name>
    <message>
        <source>Tray</source>
        <translation>系统托盘</translation>
    </message>
    <message>
        <source>Parley&apos;s icon in the system tray opens a new chat, Quick ask and your latest conversations.</source>
        <translation>系统托盘中的 Parley 图标可打开新聊天、快速提问和最近的对话。</translation>
    </message>
    <message>
        <source>Closing the window keeps Parley in the tray</source>
        <translation>关闭窗口后 Parley 仍保留在托盘中</translation>
    </message>
    <message>
        <source>This desktop has no system tray, so closing the window quits Parley.</source>
        <translation>此桌面没有系统托盘，因此关闭窗口会退出 Parley。</translation>
    </message>
    <message>
        <source>Quick ask</source>
        <translation>快速提问</translation>
    </message>
    <message>
        <source>A small window on top of everything for one question. It also opens from the tray, and from the command parley quick.</source>
        <translation>一个置顶的小窗口，用来问一个问题。也可以从托盘或命令 parley quick 打开。</translation>
    </message>
    <message>
        <source>Quick ask shortcut</source>
        <translation>快速提问快捷键</translation>
    </message>
    <message>
        <source>Default</source>
        <translation>默认</translation>
    </message>
    <message>
        <source>None</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Quick ask shortcut state</source>
        <translation>快速提问快捷键状态</translation>
    </message>
    <message>
        <source>Desktop settings problem</source>
        <translation>桌面设置问题</translation>
    </message>
    <message>
        <source>No shortcut: use the tray or parley quick.</source>
        <translation>无快捷键：请使用托盘或 parley quick。</translation>
    </message>
    <message>
        <source>{chord} opens Quick ask from anywhere.</source>
        <translation>{chord} 可在任何位置打开快速提问。</translation>
    </message>
    <message>
        <source>Could not save: {error}</source>
        <translation>无法保存：{error}</translation>
    </message>
</context>
<context>
    <name>ElicitationDialog</name>
    <message>
        <source>{server} asks for information</source>
        <translation>{server} 请求提供信息</translation>
    </message>
    <message>
        <source>{server} asks:</source>
        <translation>{server} 询问：</translation>
    </message>
    <message>
        <source>An MCP server is asking, not Parley. Do not give it passwords or keys.</source>
        <translation>提问的是 MCP 服务器，而不是 Parley。请勿向其提供密码或密钥。</translation>
    </message>
    <message>
        <source>* an answer is required</source>
        <translation>* 必须回答</translation>
    </message>
    <message>
        <source>Submit</source>
        <translation>提交</translation>
    </message>
    <message>
        <source>Decline</source>
        <translation>拒绝</translation>
    </message>
    <message>
        <source>Tell the server you will not answer</source>
        <translation>告知服务器您不会回答</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Dismiss without answering (Esc)</source>
        <translation>不回答并关闭（Esc）</translation>
    </message>
    <message>
        <source>Yes</source>
        <translation>是</translation>
    </message>
</context>
<context>
    <name>EmptyConversation</name>
    <message>
        <source>Explain a concept</source>
        <translation>解释一个概念</translation>
    </message>
    <message>
        <source>Explain public keys simply.</source>
        <translation>简单解释一下公钥。</translation>
    </message>
    <message>
        <source>Write code</source>
        <translation>编写代码</translation>
    </message>
    <message>
        <source>Dedupe a file&apos;s lines in Python.</source>
        <translation>用 Python 去除文件中的重复行。</translation>
    </message>
    <message>
        <source>Summarise a document</source>
        <translation>摘要一份文档</translation>
    </message>
    <message>
        <source>Summarise the attached file.</source>
        <translation>摘要所附文件。</translation>
    </message>
    <message>
        <source>Plan something</source>
        <translation>做个计划</translation>
    </message>
    <message>
        <source>Plan three days in Lisbon.</source>
        <translation>规划在里斯本的三天行程。</translation>
    </message>
    <message>
        <source>New conversation</source>
        <translation>新对话</translation>
    </message>
    <message>
        <source>What can I help with?</source>
        <translation>有什么可以帮您？</translation>
    </message>
    <message>
        <source>Example: {title}</source>
        <translation>示例：{title}</translation>
    </message>
    <message>
        <source>Press {sheet} to see every keyboard shortcut.</source>
        <translation>按 {sheet} 查看所有键盘快捷键。</translation>
    </message>
</context>
<context>
    <name>EmptyState</name>
    <message>
        <source>Clear filters</source>
        <translation>清除筛选</translation>
    </message>
</context>
<context>
    <name>FeedbackController</name>
    <message>
        <source>Waiting for your permission…</source>
        <translation>正在等待您的许可…</translation>
    </message>
    <message>
        <source>Parley needs your permission</source>
        <translation>Parley 需要您的许可</translation>
    </message>
    <message>
        <source>A command waits for your yes.</source>
        <translation>有一条命令在等您同意。</translation>
    </message>
    <message>
        <source>{model} answered</source>
        <translation>{model} 已回答</translation>
    </message>
    <message>
        <source>The model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>The answer is ready.</source>
        <translation>回答已就绪。</translation>
    </message>
    <message>
        <source>The answer did not finish</source>
        <translation>回答未完成</translation>
    </message>
    <message>
        <source>Duplicated as “{title}”.</source>
        <translation>已复制为“{title}”。</translation>
    </message>
    <message>
        <source>Exported to {path}</source>
        <translation>已导出到 {path}</translation>
    </message>
</context>
<context>
    <name>FilterBar</name>
    <message>
        <source>Search titles and content</source>
        <translation>搜索标题和内容</translation>
    </message>
    <message>
        <source>Search conversations</source>
        <translation>搜索对话</translation>
    </message>
    <message>
        <source>Clear search</source>
        <translation>清除搜索</translation>
    </message>
    <message>
        <source>Date range</source>
        <translation>日期范围</translation>
    </message>
    <message>
        <source>When the conversation&apos;s turns started</source>
        <translation>对话轮次的开始时间</translation>
    </message>
    <message>
        <source>Since</source>
        <translation>起始</translation>
    </message>
    <message>
        <source>Limit to turns since a date</source>
        <translation>仅限某日期之后的轮次</translation>
    </message>
    <message>
        <source>Since date</source>
        <translation>起始日期</translation>
    </message>
    <message>
        <source>Until</source>
        <translation>截止</translation>
    </message>
    <message>
        <source>Limit to turns until a date</source>
        <translation>仅限某日期之前的轮次</translation>
    </message>
    <message>
        <source>Until date</source>
        <translation>截止日期</translation>
    </message>
    <message>
        <source>Any provider</source>
        <translation>任意服务商</translation>
    </message>
    <message>
        <source>Provider</source>
        <translation>服务商</translation>
    </message>
    <message>
        <source>Any model</source>
        <translation>任意模型</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Any workspace</source>
        <translation>任意工作区</translation>
    </message>
    <message>
        <source>Workspace</source>
        <translation>工作区</translation>
    </message>
    <message>
        <source>Any project</source>
        <translation>任意项目</translation>
    </message>
    <message>
        <source>Project</source>
        <translation>项目</translation>
    </message>
    <message>
        <source>Any member</source>
        <translation>任意成员</translation>
    </message>
    <message>
        <source>Member</source>
        <translation>成员</translation>
    </message>
    <message>
        <source>Whose conversations (a team store&apos;s members)</source>
        <translation>谁的对话（团队存储的成员）</translation>
    </message>
    <message>
        <source>Turn status</source>
        <translation>轮次状态</translation>
    </message>
    <message>
        <source>Action verdict</source>
        <translation>操作裁决</translation>
    </message>
    <message>
        <source>Has tool calls</source>
        <translation>含工具调用</translation>
    </message>
    <message>
        <source>Cost at least</source>
        <translation>费用至少</translation>
    </message>
    <message>
        <source>More filters: provider, workspace, project, verdict, cost, dates</source>
        <translation>更多筛选：服务商、工作区、项目、裁决、费用、日期</translation>
    </message>
    <message>
        <source>More filters</source>
        <translation>更多筛选</translation>
    </message>
    <message>
        <source>Filters · {count}</source>
        <translation>筛选 · {count}</translation>
    </message>
    <message>
        <source>Filters</source>
        <translation>筛选</translation>
    </message>
    <message>
        <source>{count} more filter(s) set</source>
        <translation>另设有 {count} 个筛选</translation>
    </message>
    <message>
        <source>No more filters set</source>
        <translation>未设置其他筛选</translation>
    </message>
</context>
<context>
    <name>FixController</name>
    <message>
        <source>Check the API key and address of {provider}</source>
        <translation>请检查 {provider} 的 API 密钥和地址</translation>
    </message>
    <message>
        <source>Pick a model that can see images, then send again</source>
        <translation>请选择能识别图片的模型，然后重新发送</translation>
    </message>
    <message>
        <source>None of the listed models is known to see images: pick or add one that does.</source>
        <translation>列出的模型都不确定能识别图片：请选择或添加一个能识别图片的模型。</translation>
    </message>
    <message>
        <source>The next message goes to {model}. Retry the failed message to send it.</source>
        <translation>下一条消息将发送给 {model}。重试失败的消息即可发送。</translation>
    </message>
</context>
<context>
    <name>FrameHost</name>
    <message>
        <source>Sources: </source>
        <translation>来源：</translation>
    </message>
    <message>
        <source>Open {name} at {where}</source>
        <translation>在 {where} 处打开 {name}</translation>
    </message>
    <message>
        <source>Hide the summary</source>
        <translation>隐藏摘要</translation>
    </message>
    <message>
        <source>Show the summary</source>
        <translation>显示摘要</translation>
    </message>
    <message>
        <source>Show the messages the summary stands in for (the model reads the summary)</source>
        <translation>显示摘要所替代的消息（模型读取的是摘要）</translation>
    </message>
    <message>
        <source>Hide the messages the summary stands in for</source>
        <translation>隐藏摘要所替代的消息</translation>
    </message>
    <message>
        <source>Hide the model&apos;s reasoning</source>
        <translation>隐藏模型的推理过程</translation>
    </message>
    <message>
        <source>Show the model&apos;s reasoning</source>
        <translation>显示模型的推理过程</translation>
    </message>
    <message>
        <source>You</source>
        <translation>您</translation>
    </message>
    <message>
        <source>Show the previous version ({label})</source>
        <translation>显示上一个版本（{label}）</translation>
    </message>
    <message>
        <source>Show the next version ({label})</source>
        <translation>显示下一个版本（{label}）</translation>
    </message>
    <message>
        <source>the server says: {claims} (a claim Parley cannot check)</source>
        <translation>服务器声称：{claims}（Parley 无法核实的声明）</translation>
    </message>
    <message>
        <source>↻ Retry</source>
        <translation>↻ 重试</translation>
    </message>
    <message>
        <source>{tokens:,} in</source>
        <translation>输入 {tokens:,}</translation>
    </message>
    <message>
        <source>{tokens:,} out</source>
        <translation>输出 {tokens:,}</translation>
    </message>
    <message>
        <source>{seconds:.1f} s</source>
        <translation>{seconds:.1f} 秒</translation>
    </message>
    <message>
        <source>{count} turn</source>
        <translation>{count} 轮</translation>
    </message>
    <message>
        <source>{count} turns</source>
        <translation>{count} 轮</translation>
    </message>
    <message>
        <source>by {model}</source>
        <translation>由 {model} 摘要</translation>
    </message>
    <message>
        <source>automatically</source>
        <translation>自动</translation>
    </message>
    <message>
        <source>with /compact</source>
        <translation>通过 /compact</translation>
    </message>
</context>
<context>
    <name>GateReason</name>
    <message>
        <source>writes</source>
        <translation>写入</translation>
    </message>
    <message>
        <source>deletes</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>redirects output to</source>
        <translation>将输出重定向到</translation>
    </message>
    <message>
        <source>redirects output to {path}, which {detail}</source>
        <translation>将输出重定向到 {path}，该路径{detail}</translation>
    </message>
    <message>
        <source>redirects output to {path} (inside the sandbox)</source>
        <translation>将输出重定向到 {path}（位于沙箱内）</translation>
    </message>
    <message>
        <source>redirects output to {path}: outside the sandbox, into the workspace itself</source>
        <translation>将输出重定向到 {path}：位于沙箱之外，直接写入工作区本身</translation>
    </message>
    <message>
        <source>redirects output to {path}, under the protected {prefix}</source>
        <translation>将输出重定向到 {path}，位于受保护的 {prefix} 之下</translation>
    </message>
    <message>
        <source>redirects output to the disk device {device}</source>
        <translation>将输出重定向到磁盘设备 {device}</translation>
    </message>
    <message>
        <source>a process substitution</source>
        <translation>进程替换</translation>
    </message>
    <message>
        <source>is in the home directory</source>
        <translation>位于主目录中</translation>
    </message>
    <message>
        <source>is only known at run time</source>
        <translation>要到运行时才能确定</translation>
    </message>
    <message>
        <source>is an empty path</source>
        <translation>是空路径</translation>
    </message>
    <message>
        <source>is relative to a directory {lost}</source>
        <translation>相对于一个目录（{lost}）</translation>
    </message>
    <message>
        <source>has &apos;..&apos; after the pattern {part!r} (a link?)</source>
        <translation>在模式 {part!r} 之后含有 &apos;..&apos;（可能是链接？）</translation>
    </message>
    <message>
        <source>is outside the workspace and the sandbox</source>
        <translation>位于工作区和沙箱之外</translation>
    </message>
    <message>
        <source>leads outside ({message})</source>
        <translation>指向外部（{message}）</translation>
    </message>
    <message>
        <source>may match &apos;..&apos; above the root</source>
        <translation>可能匹配根目录之上的 &apos;..&apos;</translation>
    </message>
    <message>
        <source>may match the link {link!r} that leads outside</source>
        <translation>可能匹配指向外部的链接 {link!r}</translation>
    </message>
    <message>
        <source>installing {requirement} downloads and runs third-party code</source>
        <translation>安装 {requirement} 会下载并运行第三方代码</translation>
    </message>
    <message>
        <source>the path {path} {detail}</source>
        <translation>路径 {path} {detail}</translation>
    </message>
    <message>
        <source>{path} {detail}; reading outside the workspace and the sandbox needs permission</source>
        <translation>{path} {detail}；读取工作区和沙箱之外的内容需要许可</translation>
    </message>
    <message>
        <source>reading {path} recursively may follow the link {link!r}, which leads outside the workspace</source>
        <translation>递归读取 {path} 可能会跟随链接 {link!r}，而该链接指向工作区之外</translation>
    </message>
    <message>
        <source>{verb} the disk device {device}</source>
        <translation>{verb}磁盘设备 {device}</translation>
    </message>
    <message>
        <source>{verb} {path}, which {detail}</source>
        <translation>{verb} {path}，该路径{detail}</translation>
    </message>
    <message>
        <source>{verb} {path}, under the protected {prefix}</source>
        <translation>{verb} {path}，位于受保护的 {prefix} 之下</translation>
    </message>
    <message>
        <source>{verb} {path} (inside the sandbox)</source>
        <translation>{verb} {path}（位于沙箱内）</translation>
    </message>
    <message>
        <source>{verb} {path}: outside the sandbox, into the workspace itself</source>
        <translation>{verb} {path}：位于沙箱之外，直接作用于工作区本身</translation>
    </message>
    <message>
        <source>is outside the sandbox</source>
        <translation>位于沙箱之外</translation>
    </message>
    <message>
        <source>{verb} the workspace root</source>
        <translation>{verb}工作区根目录</translation>
    </message>
    <message>
        <source>{verb} {path} (outside the sandbox)</source>
        <translation>{verb} {path}（位于沙箱之外）</translation>
    </message>
    <message>
        <source>{verb} {path}, under a protected path</source>
        <translation>{verb} {path}，位于受保护的路径之下</translation>
    </message>
    <message>
        <source>the command is empty</source>
        <translation>命令为空</translation>
    </message>
    <message>
        <source>the command contains a NUL character</source>
        <translation>命令包含 NUL 字符</translation>
    </message>
    <message>
        <source>the working directory {cwd!r} is not valid</source>
        <translation>工作目录 {cwd!r} 无效</translation>
    </message>
    <message>
        <source>cannot be judged ({error}) and it names {name}</source>
        <translation>无法判断（{error}），且其中提到了 {name}</translation>
    </message>
    <message>
        <source>cannot be judged: {error}</source>
        <translation>无法判断：{error}</translation>
    </message>
    <message>
        <source>commands nested too deeply</source>
        <translation>命令嵌套过深</translation>
    </message>
    <message>
        <source>downloads with {fetcher} and runs code with {runner}</source>
        <translation>用 {fetcher} 下载并用 {runner} 运行代码</translation>
    </message>
    <message>
        <source>read-only: {programs}</source>
        <translation>只读：{programs}</translation>
    </message>
    <message>
        <source>too deeply nested or too long to judge</source>
        <translation>嵌套过深或过长，无法判断</translation>
    </message>
    <message>
        <source>sets {var}, which can make a program load or run other code</source>
        <translation>设置了 {var}，它可能使程序加载或运行其他代码</translation>
    </message>
    <message>
        <source>sets the environment variable {var}</source>
        <translation>设置了环境变量 {var}</translation>
    </message>
    <message>
        <source>control flow ({control}) is not judged</source>
        <translation>不判断控制流（{control}）</translation>
    </message>
    <message>
        <source>a word starts with ~ (the home directory)</source>
        <translation>有一个词以 ~（主目录）开头</translation>
    </message>
    <message>
        <source>the program {program} is only known at run time</source>
        <translation>程序 {program} 要到运行时才能确定</translation>
    </message>
    <message>
        <source>{name} runs a command with other privileges</source>
        <translation>{name} 会以其他权限运行命令</translation>
    </message>
    <message>
        <source>{program} is not a bare name resolved to a trusted system program ({why})</source>
        <translation>{program} 不是能解析为受信任系统程序的纯名称（{why}）</translation>
    </message>
    <message>
        <source>{name} runs whatever {fed_by} feeds it</source>
        <translation>{name} 会运行 {fed_by} 传给它的任何内容</translation>
    </message>
    <message>
        <source>{wrapper} is not a trusted system program</source>
        <translation>{wrapper} 不是受信任的系统程序</translation>
    </message>
    <message>
        <source>{name} controls the whole system</source>
        <translation>{name} 控制整个系统</translation>
    </message>
    <message>
        <source>{name} formats or partitions disks</source>
        <translation>{name} 会格式化磁盘或为磁盘分区</translation>
    </message>
    <message>
        <source>{name} is not on the allow-list</source>
        <translation>{name} 不在允许列表中</translation>
    </message>
    <message>
        <source>cd to a directory that is not named inside</source>
        <translation>cd 到一个未明确写出的目录</translation>
    </message>
    <message>
        <source>cd {path} leaves the workspace</source>
        <translation>cd {path} 会离开工作区</translation>
    </message>
    <message>
        <source>git {sub} is not a read-only subcommand</source>
        <translation>git {sub} 不是只读子命令</translation>
    </message>
    <message>
        <source>git {sub} {flag} may change refs</source>
        <translation>git {sub} {flag} 可能会更改引用</translation>
    </message>
    <message>
        <source>git {sub} with a name creates it</source>
        <translation>带名称的 git {sub} 会创建该名称的对象</translation>
    </message>
    <message>
        <source>git remote beyond -v may change or fetch</source>
        <translation>git remote 除 -v 以外的用法可能会更改或抓取</translation>
    </message>
    <message>
        <source>cp copies the link {link!r} as a link</source>
        <translation>cp 会将链接 {link!r} 作为链接复制</translation>
    </message>
    <message>
        <source>a link in the sandbox could later redirect reads or writes</source>
        <translation>沙箱中的链接之后可能会重定向读取或写入</translation>
    </message>
    <message>
        <source>ln links to {source}, outside the workspace</source>
        <translation>ln 链接到工作区之外的 {source}</translation>
    </message>
    <message>
        <source>the package name is empty</source>
        <translation>包名为空</translation>
    </message>
    <message>
        <source>the package name contains a control character</source>
        <translation>包名中含有控制字符</translation>
    </message>
    <message>
        <source>{text!r} is an option, not a package name</source>
        <translation>{text!r} 是一个选项，而不是包名</translation>
    </message>
    <message>
        <source>{text!r} is a URL or a VCS reference, not a PyPI name</source>
        <translation>{text!r} 是 URL 或版本控制引用，而不是 PyPI 包名</translation>
    </message>
    <message>
        <source>{text!r} is a path, not a PyPI name</source>
        <translation>{text!r} 是路径，而不是 PyPI 包名</translation>
    </message>
    <message>
        <source>{text!r} is not a PyPI requirement (a name, optional [extras], optional version such as &gt;=1.2)</source>
        <translation>{text!r} 不是 PyPI 依赖项（应为包名，可选 [extras]，可选版本，例如 &gt;=1.2）</translation>
    </message>
    <message>
        <source>{wrapper} runs nothing</source>
        <translation>{wrapper} 不运行任何命令</translation>
    </message>
    <message>
        <source>{name} only reads</source>
        <translation>{name} 仅读取</translation>
    </message>
    <message>
        <source>{name} only prints its arguments</source>
        <translation>{name} 仅打印其参数</translation>
    </message>
    <message>
        <source>printf only prints</source>
        <translation>printf 仅打印</translation>
    </message>
    <message>
        <source>git {sub} lists</source>
        <translation>git {sub} 仅列出内容</translation>
    </message>
    <message>
        <source>git remote -v lists</source>
        <translation>git remote -v 仅列出内容</translation>
    </message>
    <message>
        <source>git {sub} only reads</source>
        <translation>git {sub} 仅读取</translation>
    </message>
    <message>
        <source>cd {path}</source>
        <translation>cd {path}</translation>
    </message>
    <message>
        <source>cd {path}: {why}</source>
        <translation>cd {path}：{why}</translation>
    </message>
    <message>
        <source>your settings deny this tool</source>
        <translation>您的设置拒绝此工具</translation>
    </message>
    <message>
        <source>you chose to always allow this tool</source>
        <translation>您选择了始终允许此工具</translation>
    </message>
    <message>
        <source>you allowed this tool for this conversation</source>
        <translation>您已在此对话中允许此工具</translation>
    </message>
    <message>
        <source>the server says this tool only reads</source>
        <translation>服务器声明此工具只读取</translation>
    </message>
    <message>
        <source>your settings ask before this tool runs</source>
        <translation>您的设置要求在此工具运行前询问</translation>
    </message>
    <message>
        <source>this turn asks before every action</source>
        <translation>本轮在每次操作前都会询问</translation>
    </message>
    <message>
        <source>the server says this tool may delete or overwrite things</source>
        <translation>服务器声明此工具可能会删除或覆盖内容</translation>
    </message>
    <message>
        <source>the server says this tool reaches outside services</source>
        <translation>服务器声明此工具会访问外部服务</translation>
    </message>
    <message>
        <source>the server does not say this tool only reads</source>
        <translation>服务器未声明此工具只读取</translation>
    </message>
    <message>
        <source>{reason} (an unattended turn never asks, so it refuses)</source>
        <translation>{reason}（无人值守的轮次从不询问，因此会拒绝）</translation>
    </message>
    <message>
        <source>the arguments of {tool} are not a JSON object ({error}). Send them as one JSON object, for example {example}.</source>
        <translation>{tool} 的参数不是 JSON 对象（{error}）。请将参数作为单个 JSON 对象发送，例如 {example}。</translation>
    </message>
    <message>
        <source>{raw!r} is a directory, not a file. Use list_dir with path {rel!r} to see its entries, then read_file one of them.</source>
        <translation>{raw!r} 是目录，不是文件。请使用 list_dir 并指定路径 {rel!r} 查看其中的条目，然后用 read_file 读取其中一个。</translation>
    </message>
    <message>
        <source>{raw!r} is a file, not a directory. Use read_file with path {rel!r} to read it, or list_dir {parent!r} to see the directory it is in.</source>
        <translation>{raw!r} 是文件，不是目录。请使用 read_file 并指定路径 {rel!r} 读取它，或使用 list_dir {parent!r} 查看它所在的目录。</translation>
    </message>
    <message>
        <source>the pattern is empty. Give a regular expression (or plain text) to look for.</source>
        <translation>模式为空。请提供要查找的正则表达式（或纯文本）。</translation>
    </message>
    <message>
        <source>{raw!r} is under the protected {protected!r}, which no action may write. Write the file somewhere else.</source>
        <translation>{raw!r} 位于受保护的 {protected!r} 之下，任何操作都不能写入该位置。请将文件写到其他位置。</translation>
    </message>
    <message>
        <source>the directory {rel!r} already exists; nothing to create</source>
        <translation>目录 {rel!r} 已存在；无需创建</translation>
    </message>
    <message>
        <source>{raw!r} names a directory; write_file writes files. Give a file path (parent directories are created as needed), e.g. &apos;notes/summary.md&apos;.</source>
        <translation>{raw!r} 指向一个目录；write_file 只写入文件。请提供文件路径（会按需创建上级目录），例如 &apos;notes/summary.md&apos;。</translation>
    </message>
    <message>
        <source>{raw!r} is an existing directory. Give a file path inside it, e.g. &apos;{rel}/new_file.txt&apos;.</source>
        <translation>{raw!r} 是已存在的目录。请提供该目录中的文件路径，例如 &apos;{rel}/new_file.txt&apos;。</translation>
    </message>
    <message>
        <source>{parent!r} is a file, so {rel!r} cannot be created under it. Choose another directory.</source>
        <translation>{parent!r} 是文件，因此无法在其下创建 {rel!r}。请选择其他目录。</translation>
    </message>
    <message>
        <source>sandbox:{rel} already holds exactly this content; nothing to write</source>
        <translation>sandbox:{rel} 的内容已与此完全相同；无需写入</translation>
    </message>
    <message>
        <source>the command is empty. Give the shell command to run.</source>
        <translation>命令为空。请提供要运行的 shell 命令。</translation>
    </message>
    <message>
        <source>the command contains a NUL character. Remove it.</source>
        <translation>命令包含 NUL 字符。请将其删除。</translation>
    </message>
    <message>
        <source>{directories} already exist(s) as directories; nothing to create</source>
        <translation>{directories} 已作为目录存在；无需创建</translation>
    </message>
    <message>
        <source>there is no file {rel!r} in the workspace or the sandbox.{hint} Use list_dir with path {parent!r} to see what exists, then try again.</source>
        <translation>工作区和沙箱中都没有文件 {rel!r}。{hint}请使用 list_dir 并指定路径 {parent!r} 查看现有内容，然后重试。</translation>
    </message>
    <message>
        <source>there is no directory {rel!r} in the workspace or the sandbox.{hint} Use list_dir with path {parent!r} to see what exists, then try again.</source>
        <translation>工作区和沙箱中都没有目录 {rel!r}。{hint}请使用 list_dir 并指定路径 {parent!r} 查看现有内容，然后重试。</translation>
    </message>
    <message>
        <source> Nearest existing {kind}s: {near}.</source>
        <translation> 最接近的现有 {kind}：{near}。</translation>
    </message>
    <message>
        <source>{raw!r} {problem}, which no action may create: git run there would obey its config and hooks. Write the file under another name or directory.</source>
        <translation>{raw!r} {problem}，任何操作都不得创建这样的路径：在那里运行 git 会遵循其配置和钩子。请使用其他文件名或目录写入该文件。</translation>
    </message>
    <message>
        <source>has the component {part!r}, which is a git repository&apos;s directory</source>
        <translation>含有路径组成部分 {part!r}，这是 git 仓库的目录</translation>
    </message>
    <message>
        <source>would make {where!r} look like a git repository (HEAD with objects/ or refs/)</source>
        <translation>会使 {where!r} 看起来像 git 仓库（HEAD 以及 objects/ 或 refs/）</translation>
    </message>
    <message>
        <source> Nearest directories: {near}.</source>
        <translation> 最接近的目录：{near}。</translation>
    </message>
    <message>
        <source>the cwd {cwd!r} is not a directory of the workspace.{hint} Use &apos;sandbox&apos; (the default), &apos;workspace&apos;, or an existing workspace directory.</source>
        <translation>工作目录 {cwd!r} 不是工作区中的目录。{hint}请使用 &apos;sandbox&apos;（默认）、&apos;workspace&apos; 或工作区中已有的目录。</translation>
    </message>
    <message>
        <source>{message}. Give a package name from PyPI, optionally with [extras] and a version, e.g. &apos;requests&apos; or &apos;requests[socks]&gt;=2.31&apos;.</source>
        <translation>{message}。请提供 PyPI 上的包名，可附带 [extras] 和版本，例如 &apos;requests&apos; 或 &apos;requests[socks]&gt;=2.31&apos;。</translation>
    </message>
    <message>
        <source>the {argument} {raw!r} is not usable: {message}.</source>
        <translation>{argument} {raw!r} 不可用：{message}。</translation>
    </message>
    <message>
        <source>the {argument} {raw!r} is not usable: {message}. {what}</source>
        <translation>{argument} {raw!r} 不可用：{message}。{what}</translation>
    </message>
    <message>
        <source>Give a path relative to the workspace root.</source>
        <translation>请提供相对于工作区根目录的路径。</translation>
    </message>
    <message>
        <source>Give it relative to the root instead: {rel!r}.</source>
        <translation>请改为提供相对于根目录的路径：{rel!r}。</translation>
    </message>
    <message>
        <source>Give a path relative to the workspace root, e.g. &apos;src/main.py&apos; or &apos;.&apos;.</source>
        <translation>请提供相对于工作区根目录的路径，例如 &apos;src/main.py&apos; 或 &apos;.&apos;。</translation>
    </message>
    <message>
        <source>Remove the NUL character.</source>
        <translation>请删除 NUL 字符。</translation>
    </message>
    <message>
        <source>Remove the control character (newline, tab, …) from the path.</source>
        <translation>请从路径中删除控制字符（换行符、制表符等）。</translation>
    </message>
    <message>
        <source>Only the workspace is reachable; give a path relative to its root.</source>
        <translation>只能访问工作区；请提供相对于其根目录的路径。</translation>
    </message>
    <message>
        <source>Use &apos;/&apos; to separate directories, e.g. &apos;src/main.py&apos;.</source>
        <translation>请使用 &apos;/&apos; 分隔目录，例如 &apos;src/main.py&apos;。</translation>
    </message>
    <message>
        <source>Only the workspace is reachable; remove the &apos;..&apos; that leaves it.</source>
        <translation>只能访问工作区；请删除会离开工作区的 &apos;..&apos;。</translation>
    </message>
    <message>
        <source>Name a file inside the workspace instead.</source>
        <translation>请改为指定工作区内的文件。</translation>
    </message>
    <message>
        <source>The links form a loop; name the real file instead.</source>
        <translation>这些链接构成了循环；请改为指定实际文件。</translation>
    </message>
    <message>
        <source>there is no tool named {tool!r}, and no tools are available in this turn. Answer without tools.</source>
        <translation>没有名为 {tool!r} 的工具，且本轮没有可用的工具。请在不使用工具的情况下回答。</translation>
    </message>
    <message>
        <source> Did you mean {near}?</source>
        <translation> 您是不是指 {near}？</translation>
    </message>
    <message>
        <source>there is no tool named {tool!r}.{hint} The available tools are: {tools}. Call one of those.</source>
        <translation>没有名为 {tool!r} 的工具。{hint}可用的工具有：{tools}。请调用其中之一。</translation>
    </message>
    <message>
        <source>the path is empty</source>
        <translation>路径为空</translation>
    </message>
    <message>
        <source>the path contains a NUL character</source>
        <translation>路径中含有 NUL 字符</translation>
    </message>
    <message>
        <source>the path contains a control character</source>
        <translation>路径中含有控制字符</translation>
    </message>
    <message>
        <source>{raw!r} starts with &apos;~&apos; (a home directory, outside the workspace)</source>
        <translation>{raw!r} 以 &apos;~&apos; 开头（主目录，位于工作区之外）</translation>
    </message>
    <message>
        <source>{raw!r} contains a backslash; use &apos;/&apos; between directories</source>
        <translation>{raw!r} 含有反斜杠；请使用 &apos;/&apos; 分隔目录</translation>
    </message>
    <message>
        <source>{raw!r} is an absolute path</source>
        <translation>{raw!r} 是绝对路径</translation>
    </message>
    <message>
        <source>{raw!r} climbs above the workspace root with &apos;..&apos;</source>
        <translation>{raw!r} 通过 &apos;..&apos; 越出了工作区根目录</translation>
    </message>
    <message>
        <source>&apos;..&apos; climbs above the {root} root</source>
        <translation>&apos;..&apos; 越出了 {root} 根目录</translation>
    </message>
    <message>
        <source>{key!r} is a link that leads outside the workspace</source>
        <translation>{key!r} 是指向工作区之外的链接</translation>
    </message>
    <message>
        <source>{key!r} is part of a link loop</source>
        <translation>{key!r} 属于一个链接循环</translation>
    </message>
    <message>
        <source>{name} runs a command as another user</source>
        <translation>{name} 会以其他用户身份运行命令</translation>
    </message>
    <message>
        <source>what {name} runs is only known at run time</source>
        <translation>{name} 运行的内容要到运行时才能确定</translation>
    </message>
    <message>
        <source>env option {option!r} (e.g. -S, -C) is not modelled</source>
        <translation>env 选项 {option!r}（例如 -S、-C）未被建模</translation>
    </message>
    <message>
        <source>{name} option {option!r} is not modelled</source>
        <translation>{name} 选项 {option!r} 未被建模</translation>
    </message>
    <message>
        <source>{name} needs a plain duration before the command</source>
        <translation>{name} 需要在命令前提供一个简单的时长</translation>
    </message>
    <message>
        <source>{name} without a command</source>
        <translation>{name} 未带命令</translation>
    </message>
    <message>
        <source>{name} {option} only looks a name up</source>
        <translation>{name} {option} 仅查找名称</translation>
    </message>
    <message>
        <source>{name} {option} with a run-time argument</source>
        <translation>{name} {option} 带有运行时才能确定的参数</translation>
    </message>
    <message>
        <source>xargs {option} needs a plain value</source>
        <translation>xargs {option} 需要一个简单的值</translation>
    </message>
    <message>
        <source>xargs option {option!r} is not modelled</source>
        <translation>xargs 选项 {option!r} 未被建模</translation>
    </message>
    <message>
        <source>{name} {option} option is not modelled</source>
        <translation>{name} 的 {option} 选项未被建模</translation>
    </message>
    <message>
        <source>{name} option {option!r} (login, interactive, stdin) is not modelled</source>
        <translation>{name} 选项 {option!r}（登录、交互、标准输入）未被建模</translation>
    </message>
    <message>
        <source>{name} -c without a script</source>
        <translation>{name} -c 未带脚本</translation>
    </message>
    <message>
        <source>the script {name} -c runs is only known at run time</source>
        <translation>{name} -c 运行的脚本要到运行时才能确定</translation>
    </message>
</context>
<context>
    <name>GlobalShortcut</name>
    <message>
        <source>Wayland does not let applications take a key from the whole desktop. Add a shortcut in your desktop&apos;s keyboard settings that runs: parley quick</source>
        <translation>Wayland 不允许应用程序占用整个桌面的按键。请在桌面的键盘设置中添加一个运行以下命令的快捷键：parley quick</translation>
    </message>
    <message>
        <source>A desktop-wide shortcut is not available here ({platform}). Use the tray menu, or give your system&apos;s shortcut settings the command: parley quick</source>
        <translation>此处无法使用全局快捷键（{platform}）。请使用托盘菜单，或在系统快捷键设置中填写命令：parley quick</translation>
    </message>
    <message>
        <source>“{text}” is not a key chord (e.g. {chord}).</source>
        <translation>“{text}”不是组合键（例如 {chord}）。</translation>
    </message>
    <message>
        <source>{text} needs Ctrl, Alt or Super: a key alone belongs to every program.</source>
        <translation>{text} 需要 Ctrl、Alt 或 Super：单独的按键属于所有程序。</translation>
    </message>
    <message>
        <source>{text}: that key cannot be used; choose a letter, Space or F1 to F12.</source>
        <translation>{text}：该键无法使用；请选择字母、空格键或 F1 到 F12。</translation>
    </message>
    <message>
        <source>libxcb is not available: {e}</source>
        <translation>libxcb 不可用：{e}</translation>
    </message>
    <message>
        <source>Cannot reach the X display.</source>
        <translation>无法连接 X 显示。</translation>
    </message>
    <message>
        <source>The keyboard has no key for {chord}.</source>
        <translation>键盘上没有 {chord} 对应的按键。</translation>
    </message>
    <message>
        <source>Another application already uses {chord}.</source>
        <translation>另一个应用程序已在使用 {chord}。</translation>
    </message>
    <message>
        <source>The X server refused {chord} (error {code}).</source>
        <translation>X 服务器拒绝了 {chord}（错误 {code}）。</translation>
    </message>
    <message>
        <source>The X display connection was lost.</source>
        <translation>与 X 显示的连接已断开。</translation>
    </message>
</context>
<context>
    <name>History</name>
    <message>
        <source>nothing can be saved: the history {path} is open read-only ({why})</source>
        <translation>无法保存任何内容：历史记录 {path} 以只读方式打开（{why}）</translation>
    </message>
    <message>
        <source>cannot read the event store {path}: {detail}</source>
        <translation>无法读取事件存储 {path}：{detail}</translation>
    </message>
</context>
<context>
    <name>HistoryFilters</name>
    <message>
        <source>Any time</source>
        <translation>任意时间</translation>
    </message>
    <message>
        <source>Today</source>
        <translation>今天</translation>
    </message>
    <message>
        <source>Last 7 days</source>
        <translation>最近 7 天</translation>
    </message>
    <message>
        <source>Last 30 days</source>
        <translation>最近 30 天</translation>
    </message>
    <message>
        <source>Last 12 months</source>
        <translation>最近 12 个月</translation>
    </message>
    <message>
        <source>Custom range…</source>
        <translation>自定义范围…</translation>
    </message>
    <message>
        <source>Only conversations whose estimated cost is at least this amount (e.g. 0.50), priced with Settings → Prices; a conversation without a price is left out</source>
        <translation>仅显示估算费用至少为此金额的对话（例如 0.50），按 设置 → 价格 计价；没有价格的对话不显示</translation>
    </message>
    <message>
        <source>Any status</source>
        <translation>任意状态</translation>
    </message>
    <message>
        <source>Has a failed turn</source>
        <translation>含失败的轮次</translation>
    </message>
    <message>
        <source>Has a cancelled turn</source>
        <translation>含已取消的轮次</translation>
    </message>
    <message>
        <source>Has an interrupted turn</source>
        <translation>含已中断的轮次</translation>
    </message>
    <message>
        <source>Has a timed-out turn</source>
        <translation>含超时的轮次</translation>
    </message>
    <message>
        <source>Has a completed turn</source>
        <translation>含已完成的轮次</translation>
    </message>
    <message>
        <source>Any verdict</source>
        <translation>任意裁决</translation>
    </message>
    <message>
        <source>Has a refused action</source>
        <translation>含被拒绝的操作</translation>
    </message>
    <message>
        <source>Has an action that asked</source>
        <translation>含询问过的操作</translation>
    </message>
    <message>
        <source>Has a rejected action</source>
        <translation>含被否决的操作</translation>
    </message>
    <message>
        <source>Has a dropped action</source>
        <translation>含被丢弃的操作</translation>
    </message>
    <message>
        <source>Has an action allowed by the user</source>
        <translation>含用户允许的操作</translation>
    </message>
</context>
<context>
    <name>HistoryStores</name>
    <message>
        <source>Team store ({address})</source>
        <translation>团队存储（{address}）</translation>
    </message>
</context>
<context>
    <name>HistoryTable</name>
    <message>
        <source>Title</source>
        <translation>标题</translation>
    </message>
    <message>
        <source>Workspace</source>
        <translation>工作区</translation>
    </message>
    <message>
        <source>First activity</source>
        <translation>首次活动</translation>
    </message>
    <message>
        <source>Last activity</source>
        <translation>最近活动</translation>
    </message>
    <message>
        <source>Models</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Turns</source>
        <translation>轮次</translation>
    </message>
    <message>
        <source>Tokens in</source>
        <translation>输入 Token</translation>
    </message>
    <message>
        <source>Tokens out</source>
        <translation>输出 Token</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>费用</translation>
    </message>
    <message>
        <source>Failures</source>
        <translation>失败次数</translation>
    </message>
    <message>
        <source>Member</source>
        <translation>成员</translation>
    </message>
    <message>
        <source>{count:,} turn(s) failed, timed out or were interrupted</source>
        <translation>{count:,} 个轮次失败、超时或被中断</translation>
    </message>
    <message>
        <source>an action was refused by the gate or rejected by you</source>
        <translation>有操作被权限检查拒绝或被您拒绝</translation>
    </message>
    <message>
        <source>a turn was stopped before it finished</source>
        <translation>有轮次在完成前被停止</translation>
    </message>
    <message>
        <source>every turn completed</source>
        <translation>所有轮次均已完成</translation>
    </message>
    <message>
        <source>no turn yet</source>
        <translation>尚无轮次</translation>
    </message>
</context>
<context>
    <name>HistoryWindow</name>
    <message>
        <source>Parley — History</source>
        <translation>Parley — 历史记录</translation>
    </message>
    <message>
        <source>Conversations</source>
        <translation>对话</translation>
    </message>
    <message>
        <source>Number of conversations shown</source>
        <translation>显示的对话数</translation>
    </message>
    <message>
        <source>History</source>
        <translation>历史记录</translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation>刷新(&amp;R)</translation>
    </message>
    <message>
        <source>Export &amp;selected conversation(s)…</source>
        <translation>导出所选对话(&amp;S)…</translation>
    </message>
    <message>
        <source>Export all &amp;shown…</source>
        <translation>导出所有显示的对话(&amp;S)…</translation>
    </message>
    <message>
        <source>Export &amp;everything…</source>
        <translation>导出全部(&amp;E)…</translation>
    </message>
    <message>
        <source>&amp;Verify record</source>
        <translation>校验记录(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Costs per member and model…</source>
        <translation>按成员和模型的费用(&amp;C)…</translation>
    </message>
    <message>
        <source>&amp;Delete conversation…</source>
        <translation>删除对话(&amp;D)…</translation>
    </message>
    <message>
        <source>&amp;Next match</source>
        <translation>下一个匹配项(&amp;N)</translation>
    </message>
    <message>
        <source>&amp;Close</source>
        <translation>关闭(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;History</source>
        <translation>历史记录(&amp;H)</translation>
    </message>
    <message>
        <source>Export: the selected conversations (Ctrl+E), all shown, or everything</source>
        <translation>导出：所选对话（Ctrl+E）、所有显示的对话或全部</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>导出</translation>
    </message>
    <message>
        <source>A menu: the selected conversations, all shown, or everything</source>
        <translation>菜单：所选对话、所有显示的对话或全部</translation>
    </message>
    <message>
        <source>No conversations match</source>
        <translation>没有匹配的对话</translation>
    </message>
    <message>
        <source>Nothing matches “{text}” with these filters.</source>
        <translation>在这些筛选条件下，没有与“{text}”匹配的内容。</translation>
    </message>
    <message>
        <source>Nothing matches these filters.</source>
        <translation>没有符合这些筛选条件的内容。</translation>
    </message>
    <message>
        <source>Try other words, a wider date range, or clear the filters.</source>
        <translation>请尝试其他词语、更大的日期范围，或清除筛选条件。</translation>
    </message>
    <message>
        <source>No history yet</source>
        <translation>暂无历史记录</translation>
    </message>
    <message>
        <source>Every conversation you have in Parley is recorded here: each turn, the model that answered, tool calls and the permission decisions, with tokens and failures. Start a chat in the main window and it appears here, ready to search, verify and export.</source>
        <translation>您在 Parley 中的每个对话都记录在这里：每一轮、作答的模型、工具调用和权限决定，以及 Token 数和失败情况。在主窗口中开始聊天，它就会出现在这里，可供搜索、校验和导出。</translation>
    </message>
    <message>
        <source>Loading…</source>
        <translation>正在加载…</translation>
    </message>
    <message>
        <source>Costs are summed on a team store: pick one in the store picker.</source>
        <translation>费用在团队存储上汇总：请在存储选择器中选择一个。</translation>
    </message>
    <message>
        <source>Cannot sum the costs: {exc}</source>
        <translation>无法汇总费用：{exc}</translation>
    </message>
    <message>
        <source>Cannot read the team store: {exc}</source>
        <translation>无法读取团队存储：{exc}</translation>
    </message>
    <message>
        <source>Cannot read the history: {exc}</source>
        <translation>无法读取历史记录：{exc}</translation>
    </message>
    <message>
        <source>Loading “{value}”…</source>
        <translation>正在加载“{value}”…</translation>
    </message>
    <message>
        <source>Cannot read this conversation: {exc}</source>
        <translation>无法读取此对话：{exc}</translation>
    </message>
    <message>
        <source>Select a conversation to export.</source>
        <translation>请选择要导出的对话。</translation>
    </message>
    <message>
        <source>No conversation is shown.</source>
        <translation>没有显示任何对话。</translation>
    </message>
    <message>
        <source>This Parley cannot export {value} yet; use JSON.</source>
        <translation>此 Parley 尚不能导出 {value}；请使用 JSON。</translation>
    </message>
    <message>
        <source>Exporting to {path}…</source>
        <translation>正在导出到 {path}…</translation>
    </message>
    <message>
        <source>Exported to {written}</source>
        <translation>已导出到 {written}</translation>
    </message>
    <message>
        <source>Cannot export to {path}: {exc}</source>
        <translation>无法导出到 {path}：{exc}</translation>
    </message>
    <message>
        <source>Select a conversation to verify.</source>
        <translation>请选择要校验的对话。</translation>
    </message>
    <message>
        <source>The record is intact: {count} events checked.</source>
        <translation>记录完整：已检查 {count} 个事件。</translation>
    </message>
    <message>
        <source>The record does not verify: event {event} — {reason} ({count} events checked).</source>
        <translation>记录校验未通过：事件 {event} — {reason}（已检查 {count} 个事件）。</translation>
    </message>
    <message>
        <source>Verify record</source>
        <translation>校验记录</translation>
    </message>
    <message>
        <source>Cannot verify: {exc}</source>
        <translation>无法校验：{exc}</translation>
    </message>
    <message>
        <source>Select a conversation to delete.</source>
        <translation>请选择要删除的对话。</translation>
    </message>
    <message>
        <source>Delete conversation</source>
        <translation>删除对话</translation>
    </message>
    <message>
        <source>Delete “{value}” and all of its {turns} turns? This cannot be undone.</source>
        <translation>删除“{value}”及其全部 {turns} 轮？此操作无法撤销。</translation>
    </message>
    <message>
        <source>Deleted “{title}” ({count} events).</source>
        <translation>已删除“{title}”（{count} 个事件）。</translation>
    </message>
    <message>
        <source>Cannot delete: {exc}</source>
        <translation>无法删除：{exc}</translation>
    </message>
</context>
<context>
    <name>ImportDialog</name>
    <message>
        <source>Import MCP servers</source>
        <translation>导入 MCP 服务器</translation>
    </message>
    <message>
        <source>Configuration to import</source>
        <translation>要导入的配置</translation>
    </message>
    <message>
        <source>Choose file…</source>
        <translation>选择文件…</translation>
    </message>
    <message>
        <source>Choose a configuration file</source>
        <translation>选择配置文件</translation>
    </message>
    <message>
        <source>What will be imported</source>
        <translation>将导入的内容</translation>
    </message>
    <message>
        <source>Import</source>
        <translation>导入</translation>
    </message>
    <message>
        <source>Paste the contents of claude_desktop_config.json, Cursor&apos;s mcp.json or VS Code&apos;s mcp.json, or choose the file. Secret values (keys, tokens) go to the system keyring, never to Parley&apos;s settings file.</source>
        <translation>粘贴 claude_desktop_config.json、Cursor 的 mcp.json 或 VS Code 的 mcp.json 的内容，或选择该文件。机密值（密钥、令牌）会存入系统密钥环，绝不写入 Parley 的设置文件。</translation>
    </message>
    <message>
        <source>MCP configuration</source>
        <translation>MCP 配置</translation>
    </message>
    <message>
        <source>Cannot read {path}: {exc}</source>
        <translation>无法读取 {path}：{exc}</translation>
    </message>
    <message>
        <source>Nothing to import: {exc}</source>
        <translation>没有可导入的内容：{exc}</translation>
    </message>
</context>
<context>
    <name>KeySource</name>
    <message>
        <source>env {variable}</source>
        <translation>环境变量 {variable}</translation>
    </message>
    <message>
        <source>keyring</source>
        <translation>密钥环</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
</context>
<context>
    <name>Keyring</name>
    <message>
        <source>no system keyring is available ({problem}); set the key in an environment variable instead</source>
        <translation>没有可用的系统密钥环（{problem}）；请改为在环境变量中设置密钥</translation>
    </message>
    <message>
        <source>the system keyring ({backend})</source>
        <translation>系统密钥环（{backend}）</translation>
    </message>
    <message>
        <source>the system keyring (unavailable)</source>
        <translation>系统密钥环（不可用）</translation>
    </message>
    <message>
        <source>{store} did not keep the key for {provider!r}; set the key in an environment variable instead</source>
        <translation>{store} 未保存 {provider!r} 的密钥；请改为在环境变量中设置密钥</translation>
    </message>
    <message>
        <source>an empty key cannot be stored</source>
        <translation>无法存储空密钥</translation>
    </message>
    <message>
        <source>the keyring library failed to start: {detail}</source>
        <translation>keyring 库启动失败：{detail}</translation>
    </message>
    <message>
        <source>the system keyring ({backend}) could not read the key: {detail}</source>
        <translation>系统密钥环（{backend}）无法读取密钥：{detail}</translation>
    </message>
    <message>
        <source>the system keyring ({backend}) could not store the key: {detail}</source>
        <translation>系统密钥环（{backend}）无法存储密钥：{detail}</translation>
    </message>
    <message>
        <source>the system keyring ({backend}) could not delete the key: {detail}</source>
        <translation>系统密钥环（{backend}）无法删除密钥：{detail}</translation>
    </message>
    <message>
        <source>no keyring backend was found; on Linux a Secret Service such as GNOME Keyring or KWallet must be running in the desktop session</source>
        <translation>未找到密钥环后端；在 Linux 上，桌面会话中必须运行 Secret Service（例如 GNOME Keyring 或 KWallet）</translation>
    </message>
    <message>
        <source>only backends that keep keys in plain files were found ({names})</source>
        <translation>只找到了以明文文件保存密钥的后端（{names}）</translation>
    </message>
    <message>
        <source>the configured backend {backend} would keep keys in a plain file or nowhere, which Parley refuses</source>
        <translation>配置的后端 {backend} 会将密钥保存在明文文件中或根本不保存，Parley 拒绝使用它</translation>
    </message>
</context>
<context>
    <name>Knowledge</name>
    <message>
        <source>added</source>
        <translation>个已添加</translation>
    </message>
    <message>
        <source>updated</source>
        <translation>个已更新</translation>
    </message>
    <message>
        <source>removed</source>
        <translation>个已移除</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>个失败</translation>
    </message>
    <message>
        <source>unchanged</source>
        <translation>个未更改</translation>
    </message>
    <message>
        <source>no files</source>
        <translation>没有文件</translation>
    </message>
    <message>
        <source>{text}; {chunks:,} chunks indexed</source>
        <translation>{text}；已索引 {chunks:,} 个分块</translation>
    </message>
    <message>
        <source>{text}; {over_cap:,} files past the limit of {limit:,} were left out</source>
        <translation>{text}；超出 {limit:,} 个文件上限的 {over_cap:,} 个文件未被纳入</translation>
    </message>
    <message>
        <source>Stopped: {text}</source>
        <translation>已停止：{text}</translation>
    </message>
    <message>
        <source>the knowledge folder {root} does not exist or is not a folder</source>
        <translation>知识库文件夹 {root} 不存在或不是文件夹</translation>
    </message>
    <message>
        <source>the knowledge folder {root} cannot be read ({detail})</source>
        <translation>无法读取知识库文件夹 {root}（{detail}）</translation>
    </message>
    <message>
        <source>the knowledge folder {folder} is already being indexed</source>
        <translation>知识库文件夹 {folder} 已在建立索引</translation>
    </message>
    <message>
        <source>{name} is an image; a knowledge folder indexes text</source>
        <translation>{name} 是图片；知识库文件夹只索引文本</translation>
    </message>
    <message>
        <source>the {api} embeddings endpoint {url} did not answer in time</source>
        <translation>{api} 嵌入端点 {url} 未及时响应</translation>
    </message>
    <message>
        <source>the {api} embeddings endpoint {url} could not be reached ({error})</source>
        <translation>无法连接 {api} 嵌入端点 {url}（{error}）</translation>
    </message>
    <message>
        <source>the {api} embeddings endpoint {url} answered HTTP {status}: {detail} (model {model})</source>
        <translation>{api} 嵌入端点 {url} 返回 HTTP {status}：{detail}（模型 {model}）</translation>
    </message>
    <message>
        <source>{name} ({kind}) has no embeddings endpoint; pick an OpenAI-compatible, Ollama or Gemini provider for embeddings</source>
        <translation>{name}（{kind}）没有嵌入端点；请为嵌入选择兼容 OpenAI 的服务商，或 Ollama、Gemini 服务商</translation>
    </message>
    <message>
        <source>{name} has {chars:,} characters; the index takes at most {limit:,} per document</source>
        <translation>{name} 有 {chars:,} 个字符；索引每个文档最多接受 {limit:,} 个字符</translation>
    </message>
    <message>
        <source>{name} would make more than {limit:,} chunks</source>
        <translation>{name} 会产生超过 {limit:,} 个分块</translation>
    </message>
    <message>
        <source>{name} was indexed for word search only: {problem}</source>
        <translation>{name} 仅为关键词搜索建立了索引：{problem}</translation>
    </message>
    <message>
        <source>Could not empty the index: {exc}</source>
        <translation>无法清空索引：{exc}</translation>
    </message>
</context>
<context>
    <name>KnowledgeController</name>
    <message>
        <source>Knowledge folder of {name}: {message}</source>
        <translation>{name} 的知识库文件夹：{message}</translation>
    </message>
</context>
<context>
    <name>KnowledgeNotices</name>
    <message>
        <source>A project</source>
        <translation>一个项目</translation>
    </message>
    <message>
        <source>Knowledge folder indexed</source>
        <translation>知识库文件夹已建立索引</translation>
    </message>
    <message>
        <source>Indexing did not finish</source>
        <translation>索引未完成</translation>
    </message>
</context>
<context>
    <name>LanguagePicker</name>
    <message>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>语言</translation>
    </message>
    <message>
        <source>System language</source>
        <translation>系统语言</translation>
    </message>
    <message>
        <source>Parley shows this language the next time it starts.</source>
        <translation>Parley 将在下次启动时使用此语言。</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Parley</source>
        <translation>Parley</translation>
    </message>
</context>
<context>
    <name>Markdown</name>
    <message>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
</context>
<context>
    <name>McpClaims</name>
    <message>
        <source>read-only</source>
        <translation>只读</translation>
    </message>
    <message>
        <source>may change things</source>
        <translation>可能做出更改</translation>
    </message>
    <message>
        <source>destructive</source>
        <translation>破坏性</translation>
    </message>
    <message>
        <source>not destructive</source>
        <translation>非破坏性</translation>
    </message>
    <message>
        <source>idempotent</source>
        <translation>幂等</translation>
    </message>
    <message>
        <source>reaches outside (open world)</source>
        <translation>访问外部（开放世界）</translation>
    </message>
    <message>
        <source>closed world</source>
        <translation>封闭世界</translation>
    </message>
    <message>
        <source>no claims</source>
        <translation>无声明</translation>
    </message>
</context>
<context>
    <name>McpError</name>
    <message>
        <source>MCP server {server!r}: {message}</source>
        <translation>MCP 服务器 {server!r}：{message}</translation>
    </message>
    <message>
        <source>the MCP client is closed</source>
        <translation>MCP 客户端已关闭</translation>
    </message>
    <message>
        <source>the call was cancelled</source>
        <translation>调用已取消</translation>
    </message>
    <message>
        <source>no answer within {seconds:g} s</source>
        <translation>{seconds:g} 秒内没有应答</translation>
    </message>
    <message>
        <source>no answer in time</source>
        <translation>未及时应答</translation>
    </message>
    <message>
        <source>{error} (it failed to start {waited:.0f} s ago; Parley tries again {retry:g} s after a failed start)</source>
        <translation>{error}（它在 {waited:.0f} 秒前启动失败；启动失败后，Parley 会在 {retry:g} 秒后重试）</translation>
    </message>
    <message>
        <source>cannot open its log: {error}</source>
        <translation>无法打开其日志：{error}</translation>
    </message>
    <message>
        <source>did not finish starting within {seconds:g} s</source>
        <translation>未能在 {seconds:g} 秒内完成启动</translation>
    </message>
    <message>
        <source>start interrupted</source>
        <translation>启动被中断</translation>
    </message>
    <message>
        <source>the secret {what} is not set (keyring)</source>
        <translation>{what} 的机密值未设置（密钥环）</translation>
    </message>
    <message>
        <source>variable {name}</source>
        <translation>变量 {name}</translation>
    </message>
    <message>
        <source>header {name}</source>
        <translation>请求头 {name}</translation>
    </message>
    <message>
        <source>cannot run {command!r}: {error}</source>
        <translation>无法运行 {command!r}：{error}</translation>
    </message>
    <message>
        <source>the session was stopped</source>
        <translation>会话已停止</translation>
    </message>
    <message>
        <source>the server refused to start a session: {error}</source>
        <translation>服务器拒绝启动会话：{error}</translation>
    </message>
    <message>
        <source>could not connect: {kind}: {error}</source>
        <translation>无法连接：{kind}：{error}</translation>
    </message>
    <message>
        <source>OAuth is for HTTP servers, not stdio</source>
        <translation>OAuth 仅适用于 HTTP 服务器，不适用于 stdio</translation>
    </message>
    <message>
        <source>no command configured</source>
        <translation>未配置命令</translation>
    </message>
    <message>
        <source>no URL configured</source>
        <translation>未配置 URL</translation>
    </message>
    <message>
        <source>the server exited with code {code} (see its log)</source>
        <translation>服务器已退出，退出码 {code}（请查看其日志）</translation>
    </message>
    <message>
        <source>the server closed its output (see its log)</source>
        <translation>服务器关闭了其输出（请查看其日志）</translation>
    </message>
    <message>
        <source>the connection closed (see its log)</source>
        <translation>连接已关闭（请查看其日志）</translation>
    </message>
    <message>
        <source>the server answered an error: {error}</source>
        <translation>服务器返回了错误：{error}</translation>
    </message>
</context>
<context>
    <name>McpNotice</name>
    <message>
        <source>MCP server &apos;{name}&apos; is not configured any more; its tools are not offered.</source>
        <translation>MCP 服务器“{name}”已不再配置；不提供其工具。</translation>
    </message>
    <message>
        <source>Could not use MCP server &apos;{name}&apos;: {error}. Fix it in Settings → MCP servers; the turn goes on without its tools.</source>
        <translation>无法使用 MCP 服务器“{name}”：{error}。请在 设置 → MCP 服务器 中修复；本轮将在不使用其工具的情况下继续。</translation>
    </message>
    <message>
        <source>MCP server &apos;{name}&apos; is turned off in Settings; its tools are not offered.</source>
        <translation>MCP 服务器“{name}”已在设置中关闭；不提供其工具。</translation>
    </message>
    <message>
        <source>MCP server &apos;{name}&apos; could not list its tools ({error}); the turn goes on without them. Its log: {log}</source>
        <translation>MCP 服务器“{name}”无法列出其工具（{error}）；本轮将在不使用这些工具的情况下继续。其日志：{log}</translation>
    </message>
    <message>
        <source>Tool {tool} of MCP server {server} timed out after {seconds:g} s. Its log: {log}</source>
        <translation>MCP 服务器 {server} 的工具 {tool} 在 {seconds:g} 秒后超时。其日志：{log}</translation>
    </message>
    <message>
        <source>MCP server {server} failed on {tool}: {error}. Its log: {log}</source>
        <translation>MCP 服务器 {server} 执行 {tool} 失败：{error}。其日志：{log}</translation>
    </message>
</context>
<context>
    <name>McpPromptDialog</name>
    <message>
        <source>Prompt {shown}</source>
        <translation>提示词 {shown}</translation>
    </message>
    <message>
        <source>Arguments of the prompt {shown}</source>
        <translation>提示词 {shown} 的参数</translation>
    </message>
    <message>
        <source>{name} — a prompt of the MCP server {server}</source>
        <translation>{name} — MCP 服务器 {server} 的提示词</translation>
    </message>
    <message>
        <source>* required</source>
        <translation>* 必填</translation>
    </message>
    <message>
        <source>Prompt arguments error</source>
        <translation>提示词参数错误</translation>
    </message>
    <message>
        <source>Use prompt</source>
        <translation>使用提示词</translation>
    </message>
    <message>
        <source>Fill in {names}: the server needs them.</source>
        <translation>请填写 {names}：服务器需要这些内容。</translation>
    </message>
    <message>
        <source>Fill in {names}: the server needs it.</source>
        <translation>请填写 {names}：服务器需要此项。</translation>
    </message>
</context>
<context>
    <name>McpPromptsController</name>
    <message>
        <source>No prompts from {name}: {message}</source>
        <translation>没有来自 {name} 的提示词：{message}</translation>
    </message>
    <message>
        <source>{text} is not offered in this conversation any more (its server was turned off or changed).</source>
        <translation>此对话不再提供 {text}（其服务器已关闭或已更改）。</translation>
    </message>
    <message>
        <source>Getting the prompt {command}…</source>
        <translation>正在获取提示词 {command}…</translation>
    </message>
    <message>
        <source>Could not use {command}: MCP server {name!r} returned an empty prompt</source>
        <translation>无法使用 {command}：MCP 服务器 {name!r} 返回了空的提示词</translation>
    </message>
    <message>
        <source>Could not use {command}: MCP server {name!r} returned a prompt of {n_text:,} characters, more than the {MAX_PROMPT_CHARS:,} the prompt box takes</source>
        <translation>无法使用 {command}：MCP 服务器 {name!r} 返回的提示词有 {n_text:,} 个字符，超过了输入框可容纳的 {MAX_PROMPT_CHARS:,} 个</translation>
    </message>
    <message>
        <source>Could not use {command}: {message}</source>
        <translation>无法使用 {command}：{message}</translation>
    </message>
</context>
<context>
    <name>McpResourcePicker</name>
    <message>
        <source>Attach from an MCP server</source>
        <translation>从 MCP 服务器附加</translation>
    </message>
    <message>
        <source>Attach resources from MCP servers</source>
        <translation>附加来自 MCP 服务器的资源</translation>
    </message>
    <message>
        <source>Filter by name, URI or description</source>
        <translation>按名称、URI 或描述筛选</translation>
    </message>
    <message>
        <source>Filter resources</source>
        <translation>筛选资源</translation>
    </message>
    <message>
        <source>Resources</source>
        <translation>资源</translation>
    </message>
    <message>
        <source>Attach</source>
        <translation>附加</translation>
    </message>
    <message>
        <source>Could not list the resources of MCP server &apos;{server}&apos;: {reason}.</source>
        <translation>无法列出 MCP 服务器“{server}”的资源：{reason}。</translation>
    </message>
    <message>
        <source>{line} Its log: {where}</source>
        <translation>{line} 其日志：{where}</translation>
    </message>
    <message>
        <source>No MCP server is chosen for this conversation (Tools → MCP servers).</source>
        <translation>尚未为此对话选择 MCP 服务器（工具 → MCP 服务器）。</translation>
    </message>
    <message>
        <source>Loading… (waiting for {servers})</source>
        <translation>正在加载…（正在等待 {servers}）</translation>
    </message>
    <message>
        <source>These servers offer no resources.</source>
        <translation>这些服务器不提供资源。</translation>
    </message>
</context>
<context>
    <name>McpServersPage</name>
    <message>
        <source>Command on this computer (stdio)</source>
        <translation>这台电脑上的命令（stdio）</translation>
    </message>
    <message>
        <source>Streamable HTTP (a URL)</source>
        <translation>可流式 HTTP（一个 URL）</translation>
    </message>
    <message>
        <source>Legacy HTTP + SSE (old servers)</source>
        <translation>旧版 HTTP + SSE（旧服务器）</translation>
    </message>
    <message>
        <source>Default</source>
        <translation>默认</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>Ask</source>
        <translation>询问</translation>
    </message>
    <message>
        <source>Deny</source>
        <translation>拒绝</translation>
    </message>
    <message>
        <source>Tool</source>
        <translation>工具</translation>
    </message>
    <message>
        <source>What the server claims</source>
        <translation>服务器声明的内容</translation>
    </message>
    <message>
        <source>Policy</source>
        <translation>策略</translation>
    </message>
    <message>
        <source>{detail}
Failed: {error}
Log: {log}</source>
        <translation>{detail}
失败：{error}
日志：{log}</translation>
    </message>
    <message>
        <source>{detail}
Failed: {error}</source>
        <translation>{detail}
失败：{error}</translation>
    </message>
    <message>
        <source>MCP servers</source>
        <translation>MCP 服务器</translation>
    </message>
    <message>
        <source>Add server</source>
        <translation>添加服务器</translation>
    </message>
    <message>
        <source>Add MCP server</source>
        <translation>添加 MCP 服务器</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <source>Remove MCP server</source>
        <translation>移除 MCP 服务器</translation>
    </message>
    <message>
        <source>Import…</source>
        <translation>导入…</translation>
    </message>
    <message>
        <source>Import MCP servers from another app</source>
        <translation>从其他应用导入 MCP 服务器</translation>
    </message>
    <message>
        <source>Problems in the settings file</source>
        <translation>设置文件中的问题</translation>
    </message>
    <message>
        <source>Server name</source>
        <translation>服务器名称</translation>
    </message>
    <message>
        <source>e.g. github</source>
        <translation>例如 github</translation>
    </message>
    <message>
        <source>Transport</source>
        <translation>传输方式</translation>
    </message>
    <message>
        <source>Enabled</source>
        <translation>已启用</translation>
    </message>
    <message>
        <source>Server enabled</source>
        <translation>服务器已启用</translation>
    </message>
    <message>
        <source>Command</source>
        <translation>命令</translation>
    </message>
    <message>
        <source>e.g. npx, uvx, node, /path/to/server</source>
        <translation>例如 npx、uvx、node、/path/to/server</translation>
    </message>
    <message>
        <source>Arguments</source>
        <translation>参数</translation>
    </message>
    <message>
        <source>e.g. -y @modelcontextprotocol/server-github</source>
        <translation>例如 -y @modelcontextprotocol/server-github</translation>
    </message>
    <message>
        <source>Working folder</source>
        <translation>运行文件夹</translation>
    </message>
    <message>
        <source>optional</source>
        <translation>可选</translation>
    </message>
    <message>
        <source>Environment variables</source>
        <translation>环境变量</translation>
    </message>
    <message>
        <source>NAME=value, one per line (no secrets here)</source>
        <translation>NAME=value，每行一个（此处不要填机密）</translation>
    </message>
    <message>
        <source>Server URL</source>
        <translation>服务器 URL</translation>
    </message>
    <message>
        <source>https://example.com/mcp</source>
        <translation>https://example.com/mcp</translation>
    </message>
    <message>
        <source>HTTP headers</source>
        <translation>HTTP 请求头</translation>
    </message>
    <message>
        <source>Name: value, one per line (no secrets here)</source>
        <translation>Name: value，每行一个（此处不要填机密）</translation>
    </message>
    <message>
        <source>Sign in with OAuth</source>
        <translation>使用 OAuth 登录</translation>
    </message>
    <message>
        <source>OAuth sign-in state</source>
        <translation>OAuth 登录状态</translation>
    </message>
    <message>
        <source>Sign out</source>
        <translation>退出登录</translation>
    </message>
    <message>
        <source>Sign out of the server (forget its OAuth tokens)</source>
        <translation>退出服务器登录（忘记其 OAuth 令牌）</translation>
    </message>
    <message>
        <source>Secrets</source>
        <translation>机密</translation>
    </message>
    <message>
        <source>Secret name</source>
        <translation>机密名称</translation>
    </message>
    <message>
        <source>Secret value</source>
        <translation>机密值</translation>
    </message>
    <message>
        <source>value (hidden; kept in the keyring)</source>
        <translation>值（隐藏；保存在密钥环中）</translation>
    </message>
    <message>
        <source>Set</source>
        <translation>设置</translation>
    </message>
    <message>
        <source>Set the secret</source>
        <translation>设置机密</translation>
    </message>
    <message>
        <source>Remove secret</source>
        <translation>移除机密</translation>
    </message>
    <message>
        <source>Remove the selected secret</source>
        <translation>移除所选机密</translation>
    </message>
    <message>
        <source>Time limit in seconds</source>
        <translation>时限（秒）</translation>
    </message>
    <message>
        <source>Tools the server offers</source>
        <translation>服务器提供的工具</translation>
    </message>
    <message>
        <source>Test connection</source>
        <translation>测试连接</translation>
    </message>
    <message>
        <source>Test result</source>
        <translation>测试结果</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>保存</translation>
    </message>
    <message>
        <source>Save server</source>
        <translation>保存服务器</translation>
    </message>
    <message>
        <source>Server save result</source>
        <translation>服务器保存结果</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>服务器</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Lower-case letters, digits, &apos;-&apos; or &apos;_&apos;. Tools are named mcp__NAME__TOOL for the model.</source>
        <translation>小写字母、数字、&apos;-&apos; 或 &apos;_&apos;。对模型而言，工具名为 mcp__NAME__TOOL。</translation>
    </message>
    <message>
        <source>How Parley talks to it.</source>
        <translation>Parley 与其通信的方式。</translation>
    </message>
    <message>
        <source>A server that is off offers no tools anywhere.</source>
        <translation>已关闭的服务器在任何地方都不提供工具。</translation>
    </message>
    <message>
        <source>The program that runs the server.</source>
        <translation>运行该服务器的程序。</translation>
    </message>
    <message>
        <source>As in a shell: quote an argument with spaces.</source>
        <translation>与 shell 中相同：含空格的参数请加引号。</translation>
    </message>
    <message>
        <source>Folder</source>
        <translation>文件夹</translation>
    </message>
    <message>
        <source>The folder it starts in.</source>
        <translation>它启动时所在的文件夹。</translation>
    </message>
    <message>
        <source>Environment</source>
        <translation>环境</translation>
    </message>
    <message>
        <source>Only these variables (and the secrets below) are passed, not your whole environment.</source>
        <translation>只传递这些变量（以及下方的机密），而不是您的整个环境。</translation>
    </message>
    <message>
        <source>Address</source>
        <translation>地址</translation>
    </message>
    <message>
        <source>URL</source>
        <translation>URL</translation>
    </message>
    <message>
        <source>The server&apos;s endpoint (http:// or https://).</source>
        <translation>服务器的端点（http:// 或 https://）。</translation>
    </message>
    <message>
        <source>Headers</source>
        <translation>请求头</translation>
    </message>
    <message>
        <source>Sent with every request.</source>
        <translation>随每个请求发送。</translation>
    </message>
    <message>
        <source>For a server that asks you to sign in: your browser opens the first time it is used (or tested), and the tokens go to the system keyring, never to a file.</source>
        <translation>适用于要求登录的服务器：首次使用（或测试）时会打开浏览器，令牌存入系统密钥环，绝不写入文件。</translation>
    </message>
    <message>
        <source>Variables (stdio) or headers (HTTP) whose values are kept in the system keyring, never in a file. Values are written when you save (or test the connection).</source>
        <translation>变量（stdio）或请求头（HTTP）的值保存在系统密钥环中，绝不写入文件。保存（或测试连接）时写入这些值。</translation>
    </message>
    <message>
        <source>Limits</source>
        <translation>限制</translation>
    </message>
    <message>
        <source>Time limit</source>
        <translation>时限</translation>
    </message>
    <message>
        <source>A call that takes longer is stopped.</source>
        <translation>超时的调用会被停止。</translation>
    </message>
    <message>
        <source>Tools and policies</source>
        <translation>工具和策略</translation>
    </message>
    <message>
        <source>What the server says about a tool is a claim: it never lowers what Parley asks. Policy: Run without asking, Ask each time, Deny always, or Default (from the claims, never below your tool setting). “Always for this tool” in a permission prompt is stored here.</source>
        <translation>服务器对工具的描述只是声明：它绝不会降低 Parley 的询问级别。策略：不询问直接运行、每次询问、始终拒绝，或默认（依据声明，但绝不低于您的工具设置）。权限提示中的“始终允许此工具”会保存在这里。</translation>
    </message>
    <message>
        <source>No MCP client is available in this Parley.</source>
        <translation>此 Parley 中没有可用的 MCP 客户端。</translation>
    </message>
    <message>
        <source>Not usable until fixed: {problem}</source>
        <translation>修复之前无法使用：{problem}</translation>
    </message>
    <message>
        <source>variable, e.g. GITHUB_TOKEN</source>
        <translation>变量，例如 GITHUB_TOKEN</translation>
    </message>
    <message>
        <source>header, e.g. Authorization</source>
        <translation>请求头，例如 Authorization</translation>
    </message>
    <message>
        <source>Signed in: the tokens are in the system keyring.</source>
        <translation>已登录：令牌保存在系统密钥环中。</translation>
    </message>
    <message>
        <source>Not signed in: your browser opens when the server is first used.</source>
        <translation>未登录：首次使用该服务器时会打开浏览器。</translation>
    </message>
    <message>
        <source>Save, then use or test the server to sign in.</source>
        <translation>请先保存，然后使用或测试该服务器以登录。</translation>
    </message>
    <message>
        <source>new value, written when you save</source>
        <translation>新值，保存时写入</translation>
    </message>
    <message>
        <source>stored in the keyring</source>
        <translation>已存入密钥环</translation>
    </message>
    <message>
        <source>no value yet</source>
        <translation>尚无值</translation>
    </message>
    <message>
        <source>A secret needs a name and a value.</source>
        <translation>机密需要名称和值。</translation>
    </message>
    <message>
        <source>A server named {name!r} exists already.</source>
        <translation>名为 {name!r} 的服务器已存在。</translation>
    </message>
    <message>
        <source>Saved {name!r}.</source>
        <translation>已保存 {name!r}。</translation>
    </message>
    <message>
        <source>Not saved: {exc}</source>
        <translation>未保存：{exc}</translation>
    </message>
    <message>
        <source>Not removed: {exc}</source>
        <translation>未移除：{exc}</translation>
    </message>
    <message>
        <source>Remove {name!r} and its secrets in the keyring?</source>
        <translation>移除 {name!r} 及其在密钥环中的机密吗？</translation>
    </message>
    <message>
        <source>Not changed: {exc}</source>
        <translation>未更改：{exc}</translation>
    </message>
    <message>
        <source>{unavailable_reason}. The configuration holds secrets, so nothing was imported.</source>
        <translation>{unavailable_reason}。该配置包含机密，因此未导入任何内容。</translation>
    </message>
    <message>
        <source>Imported {count} server(s): {names}</source>
        <translation>已导入 {count} 个服务器：{names}</translation>
    </message>
    <message>
        <source>Imported {count} server(s)</source>
        <translation>已导入 {count} 个服务器</translation>
    </message>
    <message>
        <source>Not imported: {exc}</source>
        <translation>未导入：{exc}</translation>
    </message>
    <message>
        <source>, protocol {version}</source>
        <translation>，协议 {version}</translation>
    </message>
    <message>
        <source> to {who}</source>
        <translation> 至 {who}</translation>
    </message>
    <message>
        <source>Connected{value}{version}: {n_tools} tool(s).</source>
        <translation>已连接{value}{version}：{n_tools} 个工具。</translation>
    </message>
    <message>
        <source>{text} (log: {log})</source>
        <translation>{text}（日志：{log}）</translation>
    </message>
    <message>
        <source>Failed: {text}</source>
        <translation>失败：{text}</translation>
    </message>
    <message>
        <source>Connecting… (sign in in your browser if it opens)</source>
        <translation>正在连接…（如浏览器打开，请在其中登录）</translation>
    </message>
    <message>
        <source>Connecting…</source>
        <translation>正在连接…</translation>
    </message>
    <message>
        <source>Signed out of {name!r} (no keyring: nothing was stored).</source>
        <translation>已退出 {name!r}（无密钥环：未存储任何内容）。</translation>
    </message>
    <message>
        <source>Signed out of {name!r}: its tokens were deleted from the keyring.</source>
        <translation>已退出 {name!r}：其令牌已从密钥环中删除。</translation>
    </message>
    <message>
        <source>{name!r} had no sign-in stored.</source>
        <translation>{name!r} 没有已存储的登录信息。</translation>
    </message>
    <message>
        <source>Not signed out: {exc}</source>
        <translation>未退出登录：{exc}</translation>
    </message>
    <message>
        <source>Policy for {tool}</source>
        <translation>{tool} 的策略</translation>
    </message>
</context>
<context>
    <name>McpSettings</name>
    <message>
        <source>a stdio server needs a command to start</source>
        <translation>stdio 服务器需要一个启动命令</translation>
    </message>
    <message>
        <source>a stdio server takes a command, not a URL, headers or OAuth</source>
        <translation>stdio 服务器使用命令，而不是 URL、请求头或 OAuth</translation>
    </message>
    <message>
        <source>an {transport} server takes a URL, not a command, arguments, environment or folder</source>
        <translation>{transport} 服务器使用 URL，而不是命令、参数、环境变量或文件夹</translation>
    </message>
    <message>
        <source>the value of {variable} looks like a secret; name it as a secret variable (its value goes to the system keyring, never to the settings file)</source>
        <translation>{variable} 的值看起来像机密信息；请将其设为机密变量（其值会存入系统密钥环，绝不会写入设置文件）</translation>
    </message>
    <message>
        <source>header {header} carries a credential; name it as a secret header (its value goes to the system keyring, never to the settings file)</source>
        <translation>请求头 {header} 携带凭据；请将其设为机密请求头（其值会存入系统密钥环，绝不会写入设置文件）</translation>
    </message>
    <message>
        <source>{what} {name!r} is given twice</source>
        <translation>{what} {name!r} 出现了两次</translation>
    </message>
    <message>
        <source>{name!r} is not a valid environment variable name (letters, digits and &apos;_&apos;, not starting with a digit)</source>
        <translation>{name!r} 不是有效的环境变量名（只能包含字母、数字和 &apos;_&apos;，且不能以数字开头）</translation>
    </message>
    <message>
        <source>{name!r} is not a valid HTTP header name</source>
        <translation>{name!r} 不是有效的 HTTP 请求头名称</translation>
    </message>
    <message>
        <source>an HTTP or SSE server needs a URL (http:// or https://)</source>
        <translation>HTTP 或 SSE 服务器需要一个 URL（http:// 或 https://）</translation>
    </message>
    <message>
        <source>URL {url!r} is malformed ({detail})</source>
        <translation>URL {url!r} 格式不正确（{detail}）</translation>
    </message>
    <message>
        <source>URL {url!r} must start with http:// or https:// and name a host</source>
        <translation>URL {url!r} 必须以 http:// 或 https:// 开头并包含主机名</translation>
    </message>
    <message>
        <source>the URL must not contain a user name or password; put credentials in a secret header</source>
        <translation>URL 中不得包含用户名或密码；请将凭据放入机密请求头</translation>
    </message>
    <message>
        <source>the URL must not contain spaces</source>
        <translation>URL 中不得包含空格</translation>
    </message>
</context>
<context>
    <name>MenuController</name>
    <message>
        <source>Commands: /skill NAME and /agent NAME add a skill&apos;s rules or an agent&apos;s persona to this message; /model NAME switches the model for the next message; /new starts a new conversation (/clear does the same; the current one is kept); /compact summarises the earlier messages so the conversation takes less of the model&apos;s window (nothing is deleted); //text sends text starting with &apos;/&apos;. Ctrl+/ lists the keyboard shortcuts.</source>
        <translation>命令：/skill 名称 和 /agent 名称 会把技能的规则或智能体的角色设定加入此消息；/model 名称 切换下一条消息使用的模型；/new 开始新对话（/clear 效果相同；当前对话会保留）；/compact 摘要较早的消息，使对话占用更少的模型窗口（不会删除任何内容）；//文本 发送以“/”开头的文本。Ctrl+/ 列出键盘快捷键。</translation>
    </message>
    <message>
        <source>Send with &amp;Enter (Shift+Enter for a new line)</source>
        <translation>按 Enter 发送(&amp;E)（Shift+Enter 换行）</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;New chat</source>
        <translation>新聊天(&amp;N)</translation>
    </message>
    <message>
        <source>&amp;Quick switch…</source>
        <translation>快速切换(&amp;Q)…</translation>
    </message>
    <message>
        <source>&amp;Attach files…</source>
        <translation>附加文件(&amp;A)…</translation>
    </message>
    <message>
        <source>&amp;Settings…</source>
        <translation>设置(&amp;S)…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Undo delete</source>
        <translation>撤销删除(&amp;U)</translation>
    </message>
    <message>
        <source>Copy last &amp;answer</source>
        <translation>复制最后一条回答(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Edit last message</source>
        <translation>编辑最后一条消息(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Regenerate last answer</source>
        <translation>重新生成最后一条回答(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Theme</source>
        <translation>主题(&amp;T)</translation>
    </message>
    <message>
        <source>Follow the system</source>
        <translation>跟随系统</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>浅色</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>深色</translation>
    </message>
    <message>
        <source>High contrast</source>
        <translation>高对比度</translation>
    </message>
    <message>
        <source>Zoom &amp;in</source>
        <translation>放大(&amp;I)</translation>
    </message>
    <message>
        <source>Zoom &amp;out</source>
        <translation>缩小(&amp;O)</translation>
    </message>
    <message>
        <source>&amp;Reset zoom</source>
        <translation>重置缩放(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Sidebar</source>
        <translation>侧边栏(&amp;S)</translation>
    </message>
    <message>
        <source>Histor&amp;y</source>
        <translation>历史记录(&amp;Y)</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>浏览(&amp;B)…</translation>
    </message>
    <message>
        <source>&amp;Find conversation</source>
        <translation>查找对话(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts</source>
        <translation>键盘快捷键(&amp;K)</translation>
    </message>
    <message>
        <source>&amp;Commands</source>
        <translation>命令(&amp;C)</translation>
    </message>
</context>
<context>
    <name>MessageActions</name>
    <message>
        <source>Message copied</source>
        <translation>消息已复制</translation>
    </message>
    <message>
        <source>Message copied as text</source>
        <translation>消息已复制为文本</translation>
    </message>
    <message>
        <source>Message actions</source>
        <translation>消息操作</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <source>Copy as text</source>
        <translation>复制为文本</translation>
    </message>
    <message>
        <source>Regenerate</source>
        <translation>重新生成</translation>
    </message>
    <message>
        <source>Edit</source>
        <translation>编辑</translation>
    </message>
    <message>
        <source>Code copied</source>
        <translation>代码已复制</translation>
    </message>
</context>
<context>
    <name>MessageToolbar</name>
    <message>
        <source>Message actions</source>
        <translation>消息操作</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <source>Copy the message (Markdown)</source>
        <translation>复制消息（Markdown）</translation>
    </message>
    <message>
        <source>Copy as text</source>
        <translation>复制为文本</translation>
    </message>
    <message>
        <source>Copy the message as plain text</source>
        <translation>将消息复制为纯文本</translation>
    </message>
    <message>
        <source>Regenerate</source>
        <translation>重新生成</translation>
    </message>
    <message>
        <source>Ask for another answer (the current one is kept as a branch)</source>
        <translation>请求另一个回答（当前回答保留为分支）</translation>
    </message>
    <message>
        <source>Edit</source>
        <translation>编辑</translation>
    </message>
    <message>
        <source>Edit this message and send it as a new branch</source>
        <translation>编辑此消息并作为新分支发送</translation>
    </message>
</context>
<context>
    <name>ModelPicker</name>
    <message>
        <source>Choose a model</source>
        <translation>选择模型</translation>
    </message>
    <message>
        <source>{model} on {provider} — the model for the next message</source>
        <translation>{provider} 上的 {model} — 下一条消息使用的模型</translation>
    </message>
    <message>
        <source>{model} on {provider}</source>
        <translation>{provider} 上的 {model}</translation>
    </message>
    <message>
        <source>    Other model…</source>
        <translation>    其他模型…</translation>
    </message>
    <message>
        <source>Type the id of any model {provider} serves</source>
        <translation>输入 {provider} 提供的任意模型的 ID</translation>
    </message>
    <message>
        <source>Other model</source>
        <translation>其他模型</translation>
    </message>
    <message>
        <source>Model id on {provider}:</source>
        <translation>{provider} 上的模型 ID：</translation>
    </message>
</context>
<context>
    <name>NoticeBanner</name>
    <message>
        <source>Notice</source>
        <translation>提示</translation>
    </message>
    <message>
        <source>Dismiss</source>
        <translation>关闭</translation>
    </message>
</context>
<context>
    <name>OpenStoreDialog</name>
    <message>
        <source>Open a team store</source>
        <translation>打开团队存储</translation>
    </message>
    <message>
        <source>Team store address</source>
        <translation>团队存储地址</translation>
    </message>
    <message>
        <source>postgresql://you@host:5432/team</source>
        <translation>postgresql://you@host:5432/team</translation>
    </message>
    <message>
        <source>For example {EXAMPLE}</source>
        <translation>例如 {EXAMPLE}</translation>
    </message>
    <message>
        <source>Password on the team store</source>
        <translation>团队存储的密码</translation>
    </message>
    <message>
        <source>Empty: the one kept in the keyring</source>
        <translation>留空：使用密钥环中保存的密码</translation>
    </message>
    <message>
        <source>Remember in the keyring</source>
        <translation>记住在密钥环中</translation>
    </message>
    <message>
        <source>Keep the password in the system keyring for this address (never in a file)</source>
        <translation>将此地址的密码保存在系统密钥环中（绝不写入文件）</translation>
    </message>
    <message>
        <source>Your own role on the store: an operator reads everyone&apos;s conversations, a member their own. Nothing is written to the store.</source>
        <translation>您在该存储上的角色：操作员可读取所有人的对话，成员只能读取自己的。不会向存储写入任何内容。</translation>
    </message>
    <message>
        <source>Team store address error</source>
        <translation>团队存储地址错误</translation>
    </message>
    <message>
        <source>Address</source>
        <translation>地址</translation>
    </message>
    <message>
        <source>Password</source>
        <translation>密码</translation>
    </message>
    <message>
        <source>type the store&apos;s address</source>
        <translation>请输入存储的地址</translation>
    </message>
    <message>
        <source>The address: {problem}.</source>
        <translation>地址：{problem}。</translation>
    </message>
</context>
<context>
    <name>PermissionDialog</name>
    <message>
        <source>the turn&apos;s output folder</source>
        <translation>本轮的输出文件夹</translation>
    </message>
    <message>
        <source>the workspace</source>
        <translation>工作区</translation>
    </message>
    <message>
        <source>Allow this action?</source>
        <translation>允许此操作吗？</translation>
    </message>
    <message>
        <source>Nothing runs until you choose. Deny is the default (Enter or Esc).</source>
        <translation>在您做出选择之前不会运行任何内容。默认为拒绝（Enter 或 Esc）。</translation>
    </message>
    <message>
        <source>Arguments</source>
        <translation>参数</translation>
    </message>
    <message>
        <source>Command</source>
        <translation>命令</translation>
    </message>
    <message>
        <source>Runs in</source>
        <translation>运行位置</translation>
    </message>
    <message>
        <source>Server and tool</source>
        <translation>服务器和工具</translation>
    </message>
    <message>
        <source>MCP tool</source>
        <translation>MCP 工具</translation>
    </message>
    <message>
        <source>What the server claims</source>
        <translation>服务器声明的内容</translation>
    </message>
    <message>
        <source>Claims</source>
        <translation>声明</translation>
    </message>
    <message>
        <source>Effect: {words}</source>
        <translation>效果：{words}</translation>
    </message>
    <message>
        <source>rule {rule}</source>
        <translation>规则 {rule}</translation>
    </message>
    <message>
        <source>Effect</source>
        <translation>效果</translation>
    </message>
    <message>
        <source>Sandbox</source>
        <translation>沙箱</translation>
    </message>
    <message>
        <source>Allow once</source>
        <translation>允许一次</translation>
    </message>
    <message>
        <source>Allow for this conversation</source>
        <translation>在此对话中允许</translation>
    </message>
    <message>
        <source>This tool, in this conversation, until Parley closes</source>
        <translation>此工具，在此对话中，直到 Parley 关闭</translation>
    </message>
    <message>
        <source>This exact command only, until Parley closes</source>
        <translation>仅限此完全相同的命令，直到 Parley 关闭</translation>
    </message>
    <message>
        <source>Always allow this tool</source>
        <translation>始终允许此工具</translation>
    </message>
    <message>
        <source>Stored in Settings → MCP servers, where you can change it back</source>
        <translation>保存在 设置 → MCP 服务器 中，可在那里改回</translation>
    </message>
    <message>
        <source>Deny</source>
        <translation>拒绝</translation>
    </message>
</context>
<context>
    <name>PermissionPrompt</name>
    <message>
        <source>Harmless</source>
        <translation>无害</translation>
    </message>
    <message>
        <source>Contained</source>
        <translation>受限</translation>
    </message>
    <message>
        <source>Unknown effect</source>
        <translation>效果未知</translation>
    </message>
    <message>
        <source>Dangerous</source>
        <translation>危险</translation>
    </message>
    <message>
        <source>Refused</source>
        <translation>已拒绝</translation>
    </message>
    <message>
        <source>The server says nothing about what this tool does.</source>
        <translation>服务器没有说明此工具的作用。</translation>
    </message>
    <message>
        <source>The server says: {claims}. Parley cannot check this.</source>
        <translation>服务器声称：{claims}。Parley 无法核实。</translation>
    </message>
</context>
<context>
    <name>PricesPage</name>
    <message>
        <source>Model pattern</source>
        <translation>模型模式</translation>
    </message>
    <message>
        <source>Provider</source>
        <translation>服务商</translation>
    </message>
    <message>
        <source>Input $/Mtok</source>
        <translation>输入 $/百万 Token</translation>
    </message>
    <message>
        <source>Output $/Mtok</source>
        <translation>输出 $/百万 Token</translation>
    </message>
    <message>
        <source>Estimated cost per million tokens. A pattern is an exact model name or a glob (gpt-4.1*); a row with a provider beats one without; an exact name beats a glob. Estimates ignore cached-input and batch discounts.</source>
        <translation>每百万 Token 的估算费用。模式可以是确切的模型名称或通配符（gpt-4.1*）；带服务商的行优先于不带的行；确切名称优先于通配符。估算不考虑缓存输入和批处理折扣。</translation>
    </message>
    <message>
        <source>Prices result</source>
        <translation>价格结果</translation>
    </message>
    <message>
        <source>Cannot read prices: {exc}</source>
        <translation>无法读取价格：{exc}</translation>
    </message>
    <message>
        <source>The built-in prices are shown; Save to use them.</source>
        <translation>显示的是内置价格；保存即可使用。</translation>
    </message>
    <message>
        <source>Saved {n_prices} price rows.</source>
        <translation>已保存 {n_prices} 行价格。</translation>
    </message>
    <message>
        <source>Not saved: {exc}</source>
        <translation>未保存：{exc}</translation>
    </message>
    <message>
        <source>Row {row}, {column}: {problem}</source>
        <translation>第 {row} 行，{column}：{problem}</translation>
    </message>
    <message>
        <source>Row {row}: {problem}</source>
        <translation>第 {row} 行：{problem}</translation>
    </message>
    <message>
        <source>Row {row} repeats row {first} ({pattern})</source>
        <translation>第 {row} 行与第 {first} 行重复（{pattern}）</translation>
    </message>
    <message>
        <source>Not saved. {problems}</source>
        <translation>未保存。{problems}</translation>
    </message>
    <message>
        <source>a model name or pattern is needed</source>
        <translation>需要填写模型名称或模式</translation>
    </message>
    <message>
        <source>a price is needed (0 for free)</source>
        <translation>需要填写价格（免费请填 0）</translation>
    </message>
    <message>
        <source>{text!r} is not a whole number of tokens</source>
        <translation>{text!r} 不是整数个 Token</translation>
    </message>
    <message>
        <source>a context window size is needed</source>
        <translation>需要填写上下文窗口大小</translation>
    </message>
    <message>
        <source>{tokens} tokens is too small (at least {minimum})</source>
        <translation>{tokens} 个 Token 太小（至少 {minimum}）</translation>
    </message>
    <message>
        <source>{tokens} is more than the context window ({context})</source>
        <translation>{tokens} 超过了上下文窗口（{context}）</translation>
    </message>
    <message>
        <source>Context tokens</source>
        <translation>上下文 Token 数</translation>
    </message>
    <message>
        <source>Max output</source>
        <translation>最大输出</translation>
    </message>
</context>
<context>
    <name>ProjectsPage</name>
    <message>
        <source>Automatic (ask only for risky actions)</source>
        <translation>自动（仅对有风险的操作询问）</translation>
    </message>
    <message>
        <source>Ask before every action</source>
        <translation>每个操作前都询问</translation>
    </message>
    <message>
        <source>All tools (read, write, run)</source>
        <translation>所有工具（读取、写入、运行）</translation>
    </message>
    <message>
        <source>Read-only tools</source>
        <translation>只读工具</translation>
    </message>
    <message>
        <source>No tools</source>
        <translation>不使用工具</translation>
    </message>
    <message>
        <source>Projects</source>
        <translation>项目</translation>
    </message>
    <message>
        <source>New</source>
        <translation>新建</translation>
    </message>
    <message>
        <source>New project</source>
        <translation>新建项目</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>Delete project</source>
        <translation>删除项目</translation>
    </message>
    <message>
        <source>Project name</source>
        <translation>项目名称</translation>
    </message>
    <message>
        <source>Project name error</source>
        <translation>项目名称错误</translation>
    </message>
    <message>
        <source>Workspace folder</source>
        <translation>工作区文件夹</translation>
    </message>
    <message>
        <source>optional: the folder the tools work in</source>
        <translation>可选：工具工作的文件夹</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>Choose the workspace folder</source>
        <translation>选择工作区文件夹</translation>
    </message>
    <message>
        <source>Workspace folder error</source>
        <translation>工作区文件夹错误</translation>
    </message>
    <message>
        <source>Shared instructions</source>
        <translation>共享指令</translation>
    </message>
    <message>
        <source>optional: instructions every conversation of this project starts with</source>
        <translation>可选：此项目每个对话开始时的指令</translation>
    </message>
    <message>
        <source>Default provider</source>
        <translation>默认服务商</translation>
    </message>
    <message>
        <source>Default model</source>
        <translation>默认模型</translation>
    </message>
    <message>
        <source>optional: a model of that provider</source>
        <translation>可选：该服务商的一个模型</translation>
    </message>
    <message>
        <source>Gate mode</source>
        <translation>权限模式</translation>
    </message>
    <message>
        <source>Tools</source>
        <translation>工具</translation>
    </message>
    <message>
        <source>MCP servers enabled for this project</source>
        <translation>此项目启用的 MCP 服务器</translation>
    </message>
    <message>
        <source>No MCP servers are configured: add them under Settings → MCP servers.</source>
        <translation>尚未配置 MCP 服务器：请在 设置 → MCP 服务器 中添加。</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>保存</translation>
    </message>
    <message>
        <source>Save project</source>
        <translation>保存项目</translation>
    </message>
    <message>
        <source>Project save result</source>
        <translation>项目保存结果</translation>
    </message>
    <message>
        <source>Project</source>
        <translation>项目</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Shown in the sidebar and the project picker.</source>
        <translation>显示在侧边栏和项目选择器中。</translation>
    </message>
    <message>
        <source>Workspace</source>
        <translation>工作区</translation>
    </message>
    <message>
        <source>The folder the tools read, write and run in.</source>
        <translation>工具读取、写入和运行的文件夹。</translation>
    </message>
    <message>
        <source>Instructions</source>
        <translation>指令</translation>
    </message>
    <message>
        <source>Sent at the start of every conversation of this project.</source>
        <translation>在此项目每个对话开始时发送。</translation>
    </message>
    <message>
        <source>Defaults</source>
        <translation>默认值</translation>
    </message>
    <message>
        <source>What a new chat in this project starts on.</source>
        <translation>此项目中新聊天的初始设置。</translation>
    </message>
    <message>
        <source>When Parley asks before an action.</source>
        <translation>Parley 在执行操作前何时询问。</translation>
    </message>
    <message>
        <source>What the model may do in the workspace.</source>
        <translation>模型在工作区中可以做什么。</translation>
    </message>
    <message>
        <source>MCP servers</source>
        <translation>MCP 服务器</translation>
    </message>
    <message>
        <source>The servers whose tools this project&apos;s conversations are offered (a server switched off in Settings → MCP servers offers none).</source>
        <translation>向此项目的对话提供工具的服务器（在 设置 → MCP 服务器 中关闭的服务器不提供任何工具）。</translation>
    </message>
    <message>
        <source>A project needs a name.</source>
        <translation>项目需要名称。</translation>
    </message>
    <message>
        <source>{folder} is not an existing folder</source>
        <translation>{folder} 不是已存在的文件夹</translation>
    </message>
    <message>
        <source>Saved project {name!r}.</source>
        <translation>已保存项目 {name!r}。</translation>
    </message>
    <message>
        <source>Not saved: {exc}</source>
        <translation>未保存：{exc}</translation>
    </message>
    <message>
        <source>Not deleted: {exc}</source>
        <translation>未删除：{exc}</translation>
    </message>
    <message>
        <source>Window&apos;s choice</source>
        <translation>窗口的选择</translation>
    </message>
    <message>
        <source>{current} (not configured)</source>
        <translation>{current}（未配置）</translation>
    </message>
    <message>
        <source>{name} (not configured)</source>
        <translation>{name}（未配置）</translation>
    </message>
    <message>
        <source>Delete the project {text!r}? Its files stay.</source>
        <translation>删除项目 {text!r} 吗？其文件会保留。</translation>
    </message>
    <message>
        <source>Knowledge folder</source>
        <translation>知识库文件夹</translation>
    </message>
    <message>
        <source>optional: a folder of documents every turn of this project may be answered from</source>
        <translation>可选：一个文档文件夹，此项目的每一轮都可以据此作答</translation>
    </message>
    <message>
        <source>Choose the knowledge folder</source>
        <translation>选择知识库文件夹</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>清除</translation>
    </message>
    <message>
        <source>Clear the knowledge folder</source>
        <translation>清除知识库文件夹</translation>
    </message>
    <message>
        <source>Knowledge folder error</source>
        <translation>知识库文件夹错误</translation>
    </message>
    <message>
        <source>Indexed files</source>
        <translation>已索引的文件</translation>
    </message>
    <message>
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <source>Chunks</source>
        <translation>分块</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Knowledge folder totals</source>
        <translation>知识库文件夹合计</translation>
    </message>
    <message>
        <source>Index now</source>
        <translation>立即索引</translation>
    </message>
    <message>
        <source>Index the knowledge folder now</source>
        <translation>立即为知识库文件夹建立索引</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Cancel indexing</source>
        <translation>取消索引</translation>
    </message>
    <message>
        <source>Indexing progress</source>
        <translation>索引进度</translation>
    </message>
    <message>
        <source>Indexing status</source>
        <translation>索引状态</translation>
    </message>
    <message>
        <source>Knowledge folders need the knowledge index, which is not available.</source>
        <translation>知识库文件夹需要知识索引，但它不可用。</translation>
    </message>
    <message>
        <source>Knowledge</source>
        <translation>知识库</translation>
    </message>
    <message>
        <source>Folder</source>
        <translation>文件夹</translation>
    </message>
    <message>
        <source>Parley indexes its documents (PDF, Word, Excel, PowerPoint, text, code; not images or hidden files) and answers this project&apos;s turns from them. It looks for changes every 30 seconds while the window is open.</source>
        <translation>Parley 会为其中的文档建立索引（PDF、Word、Excel、PowerPoint、文本、代码；不包括图片和隐藏文件），并据此回答此项目的各轮对话。窗口打开期间每 30 秒检查一次变化。</translation>
    </message>
    <message>
        <source>Indexed</source>
        <translation>已索引</translation>
    </message>
    <message>
        <source>Cannot read the index: {exc}</source>
        <translation>无法读取索引：{exc}</translation>
    </message>
    <message>
        <source>Save the project first: the folder has changed.</source>
        <translation>请先保存项目：文件夹已更改。</translation>
    </message>
    <message>
        <source>Choose a knowledge folder first.</source>
        <translation>请先选择知识库文件夹。</translation>
    </message>
    <message>
        <source>Stopping…</source>
        <translation>正在停止…</translation>
    </message>
    <message>
        <source>indexed</source>
        <translation>已索引</translation>
    </message>
    <message>
        <source>{count:,} files · {size} · {chunks:,} chunks</source>
        <translation>{count:,} 个文件 · {size} · {chunks:,} 个分块</translation>
    </message>
    <message>
        <source>{errors:,} not indexed (see Status)</source>
        <translation>{errors:,} 个未索引（见“状态”）</translation>
    </message>
    <message>
        <source>Nothing indexed yet.</source>
        <translation>尚未索引任何内容。</translation>
    </message>
    <message>
        <source>No knowledge folder.</source>
        <translation>没有知识库文件夹。</translation>
    </message>
    <message>
        <source>Indexing: looking at the folder…</source>
        <translation>正在索引：正在查看文件夹…</translation>
    </message>
    <message>
        <source>Indexing {value:,} of {total:,}: {name}</source>
        <translation>正在索引第 {value:,} 个，共 {total:,} 个：{name}</translation>
    </message>
    <message>
        <source>Indexing: {done:,} of {total:,} read</source>
        <translation>正在索引：已读取 {done:,} / {total:,}</translation>
    </message>
    <message>
        <source>Not indexed: {message}</source>
        <translation>未索引：{message}</translation>
    </message>
    <message>
        <source>Removed {count:,} files from the index.</source>
        <translation>已从索引中移除 {count:,} 个文件。</translation>
    </message>
</context>
<context>
    <name>ProviderEditor</name>
    <message>
        <source>no system keyring: use Key variable below</source>
        <translation>没有系统密钥环：请使用下方的“密钥变量”</translation>
    </message>
    <message>
        <source>Disabled: {keyring_problem}. Name an environment variable under Key variable.</source>
        <translation>已停用：{keyring_problem}。请在“密钥变量”中填写一个环境变量。</translation>
    </message>
    <message>
        <source>{reason}. Set {variable} before starting Parley and name it under Key variable.</source>
        <translation>{reason}。请在启动 Parley 之前设置 {variable}，并在“密钥变量”中填写它。</translation>
    </message>
    <message>
        <source>an environment variable</source>
        <translation>一个环境变量</translation>
    </message>
    <message>
        <source>paste it above (it is kept in the system keyring)</source>
        <translation>请粘贴到上方（它会保存在系统密钥环中）</translation>
    </message>
    <message>
        <source>{reason}; set {variable} before starting Parley and name it under Key variable</source>
        <translation>{reason}；请在启动 Parley 之前设置 {variable}，并在“密钥变量”中填写它</translation>
    </message>
    <message>
        <source>{name!r} needs an API key: {where}</source>
        <translation>{name!r} 需要 API 密钥：{where}</translation>
    </message>
    <message>
        <source>Key: {source}</source>
        <translation>密钥：{source}</translation>
    </message>
    <message>
        <source>Saved {name!r}.</source>
        <translation>已保存 {name!r}。</translation>
    </message>
    <message>
        <source>Saving…</source>
        <translation>正在保存…</translation>
    </message>
    <message>
        <source>Testing…</source>
        <translation>正在测试…</translation>
    </message>
    <message>
        <source>Fetching models…</source>
        <translation>正在获取模型…</translation>
    </message>
    <message>
        <source>give the provider a name</source>
        <translation>请为服务商命名</translation>
    </message>
</context>
<context>
    <name>ProviderError</name>
    <message>
        <source>{summary} (HTTP {status}): {message}</source>
        <translation>{summary}（HTTP {status}）：{message}</translation>
    </message>
    <message>
        <source>The provider refused the request</source>
        <translation>服务商拒绝了请求</translation>
    </message>
    <message>
        <source>The provider rejected the API key</source>
        <translation>服务商拒绝了 API 密钥</translation>
    </message>
    <message>
        <source>The API key may not use this model or endpoint</source>
        <translation>此 API 密钥无权使用该模型或端点</translation>
    </message>
    <message>
        <source>The provider does not know this model or endpoint</source>
        <translation>服务商无法识别该模型或端点</translation>
    </message>
    <message>
        <source>The provider is rate limiting requests</source>
        <translation>服务商正在限制请求频率</translation>
    </message>
    <message>
        <source>The account is out of quota or credit</source>
        <translation>账户的配额或额度已用完</translation>
    </message>
    <message>
        <source>The provider is overloaded</source>
        <translation>服务商负载过高</translation>
    </message>
    <message>
        <source>The conversation is too long for this model</source>
        <translation>对话对此模型而言过长</translation>
    </message>
    <message>
        <source>The provider&apos;s content policy refused the request</source>
        <translation>服务商的内容政策拒绝了此请求</translation>
    </message>
    <message>
        <source>The provider rejected the request as invalid</source>
        <translation>服务商认为请求无效并予以拒绝</translation>
    </message>
    <message>
        <source>The provider had a server error</source>
        <translation>服务商发生了服务器错误</translation>
    </message>
    <message>
        <source> (content type {content_type}, not an event stream)</source>
        <translation>（内容类型为 {content_type}，不是事件流）</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>before message_stop: it may be cut short</source>
        <translation>未收到 message_stop：回答可能被截断</translation>
    </message>
    <message>
        <source>the system keyring (entry {name!r})</source>
        <translation>系统密钥环（条目 {name!r}）</translation>
    </message>
    <message>
        <source>nowhere it knows of</source>
        <translation>无已知位置</translation>
    </message>
    <message>
        <source>provider {name!r} needs an API key and none was found (looked in: {looked}). {problem}: {variable}</source>
        <translation>服务商 {name!r} 需要 API 密钥，但未找到（已查找：{looked}）。{problem}：{variable}</translation>
    </message>
    <message>
        <source>provider {name!r} needs an API key and none was found (looked in: {looked}). {problem}: name one with: parley providers add {entry} --replace --api-key-env VAR ...</source>
        <translation>服务商 {name!r} 需要 API 密钥，但未找到（已查找：{looked}）。{problem}：请用以下命令指定一个：parley providers add {entry} --replace --api-key-env VAR ...</translation>
    </message>
    <message>
        <source>provider {name!r} needs an API key and none was found (looked in: {looked}); store one with: parley providers set-key {entry}, or set the environment variable {variable}</source>
        <translation>服务商 {name!r} 需要 API 密钥，但未找到（已查找：{looked}）；请用 parley providers set-key {entry} 保存一个，或设置环境变量 {variable}</translation>
    </message>
    <message>
        <source>provider {name!r} needs an API key and none was found (looked in: {looked}); store one with: parley providers set-key {entry}, or name an environment variable with --api-key-env</source>
        <translation>服务商 {name!r} 需要 API 密钥，但未找到（已查找：{looked}）；请用 parley providers set-key {entry} 保存一个，或用 --api-key-env 指定一个环境变量</translation>
    </message>
    <message>
        <source>provider {name!r} has an unknown kind {kind!r}</source>
        <translation>服务商 {name!r} 的类型 {kind!r} 未知</translation>
    </message>
    <message>
        <source>provider {name!r} uses the kind {kind!r}, which this installation of Parley cannot speak ({error})</source>
        <translation>服务商 {name!r} 使用类型 {kind!r}，此 Parley 安装不支持该类型（{error}）</translation>
    </message>
    <message>
        <source>no provider is configured; {hint}</source>
        <translation>尚未配置服务商；{hint}</translation>
    </message>
    <message>
        <source>before Gemini said it was finished (no finishReason); it may be cut short</source>
        <translation>Gemini 尚未表示已完成（没有 finishReason）；回答可能被截断</translation>
    </message>
    <message>
        <source>Gemini blocked the prompt ({reason}) and returned no answer.{details}</source>
        <translation>Gemini 拦截了提示词（{reason}），没有返回回答。{details}</translation>
    </message>
    <message>
        <source>Gemini stopped this answer ({reason}) and returned no text.{details}</source>
        <translation>Gemini 中止了此回答（{reason}），没有返回文本。{details}</translation>
    </message>
    <message>
        <source> Gemini said: {message}</source>
        <translation> Gemini 表示：{message}</translation>
    </message>
    <message>
        <source> Blocked category: {categories}.</source>
        <translation> 被拦截的类别：{categories}。</translation>
    </message>
    <message>
        <source> Gemini said: {message} Blocked category: {categories}.</source>
        <translation> Gemini 表示：{message} 被拦截的类别：{categories}。</translation>
    </message>
    <message>
        <source>no details given</source>
        <translation>未提供详情</translation>
    </message>
    <message>
        <source>the server sent an HTML page</source>
        <translation>服务器发送了一个 HTML 页面</translation>
    </message>
    <message>
        <source>{reason} (the server sent an HTML page)</source>
        <translation>{reason}（服务器发送了一个 HTML 页面）</translation>
    </message>
    <message>
        <source>the provider stopped responding: no data from {host} for {seconds:g} s</source>
        <translation>服务商停止响应：{seconds:g} 秒内未收到来自 {host} 的数据</translation>
    </message>
    <message>
        <source>the API key or an extra header contains characters that cannot be sent in an HTTP header (a line break, for instance)</source>
        <translation>API 密钥或额外的请求头中含有无法在 HTTP 请求头中发送的字符（例如换行符）</translation>
    </message>
    <message>
        <source>unusable provider URL {url}: {cause}</source>
        <translation>无法使用的服务商 URL {url}：{cause}</translation>
    </message>
    <message>
        <source>could not connect to {url} within {seconds:g} s</source>
        <translation>无法在 {seconds:g} 秒内连接到 {url}</translation>
    </message>
    <message>
        <source>secure connection to {host} failed: {cause}</source>
        <translation>与 {host} 的安全连接失败：{cause}</translation>
    </message>
    <message>
        <source>could not connect to {url}: {cause}</source>
        <translation>无法连接到 {url}：{cause}</translation>
    </message>
    <message>
        <source>request to {url} failed: {kind}: {error}</source>
        <translation>对 {url} 的请求失败：{kind}：{error}</translation>
    </message>
    <message>
        <source>the server closed the connection</source>
        <translation>服务器关闭了连接</translation>
    </message>
    <message>
        <source>the connection to {host} dropped before the answer began: {reason}</source>
        <translation>与 {host} 的连接在回答开始前断开：{reason}</translation>
    </message>
    <message>
        <source>the connection to {host} broke before the answer was complete: {reason}</source>
        <translation>与 {host} 的连接在回答完成前中断：{reason}</translation>
    </message>
    <message>
        <source>{host} sent an empty answer{hint}</source>
        <translation>{host} 发送了空回答{hint}</translation>
    </message>
    <message>
        <source>the answer from {host} ended{where} {lacks}</source>
        <translation>{host} 的回答{where}提前结束：{lacks}</translation>
    </message>
    <message>
        <source> in the middle of {item}</source>
        <translation> 在{item}的中途</translation>
    </message>
    <message>
        <source> (content type was {content_type}, not an event stream)</source>
        <translation>（内容类型为 {content_type}，不是事件流）</translation>
    </message>
    <message>
        <source>the provider base URL {url!r} is not an http(s) URL (expected something like {example})</source>
        <translation>服务商基础 URL {url!r} 不是 http(s) URL（应类似于 {example}）</translation>
    </message>
    <message>
        <source>no model chosen for {where}: the request names none and the provider has no default model{hint}</source>
        <translation>未为 {where} 选择模型：请求中未指定模型，且服务商没有默认模型{hint}</translation>
    </message>
    <message>
        <source>this provider</source>
        <translation>此服务商</translation>
    </message>
    <message>
        <source>{host} answered /{path} with something other than a model list</source>
        <translation>{host} 对 /{path} 的应答不是模型列表</translation>
    </message>
    <message>
        <source>{host} answered /{path} with something other than a model list: {detail}</source>
        <translation>{host} 对 /{path} 的应答不是模型列表：{detail}</translation>
    </message>
    <message>
        <source>{host} reported an error during the answer: {message}</source>
        <translation>{host} 在回答过程中报告了错误：{message}</translation>
    </message>
    <message>
        <source>before the answer was complete; it may be cut short</source>
        <translation>回答尚不完整；可能被截断</translation>
    </message>
    <message>
        <source>an event</source>
        <translation>一个事件</translation>
    </message>
    <message>
        <source>is Ollama running there? Start it with `ollama serve` (or the Ollama app), or check the base URL</source>
        <translation>Ollama 在那里运行吗？请用 `ollama serve`（或 Ollama 应用）启动它，或检查基础 URL</translation>
    </message>
    <message>
        <source>{error} — {hint}</source>
        <translation>{error} — {hint}</translation>
    </message>
    <message>
        <source>{detail} — is the model name right? To download it, run `ollama pull {model}` on the machine that runs Ollama</source>
        <translation>{detail} — 模型名称正确吗？如需下载，请在运行 Ollama 的机器上执行 `ollama pull {model}`</translation>
    </message>
    <message>
        <source>{detail} — is {base_url} the root of an Ollama server (like http://localhost:11434, without /v1)?</source>
        <translation>{detail} — {base_url} 是 Ollama 服务器的根地址吗（例如 http://localhost:11434，不带 /v1）？</translation>
    </message>
    <message>
        <source> (content type {content_type})</source>
        <translation>（内容类型为 {content_type}）</translation>
    </message>
    <message>
        <source> (content type was {content_type}, not {expected})</source>
        <translation>（内容类型为 {content_type}，而不是 {expected}）</translation>
    </message>
    <message>
        <source>a line</source>
        <translation>一行</translation>
    </message>
    <message>
        <source>before its final done:true line; it may be cut short</source>
        <translation>未收到最后的 done:true 行；回答可能被截断</translation>
    </message>
    <message>
        <source> (see `ollama list` for the local ones)</source>
        <translation>（本地模型可用 `ollama list` 查看）</translation>
    </message>
    <message>
        <source>before [DONE]; it may be cut short</source>
        <translation>未收到 [DONE]；回答可能被截断</translation>
    </message>
    <message>
        <source> (content type {content_type}; does it support streaming?)</source>
        <translation>（内容类型为 {content_type}；它支持流式传输吗？）</translation>
    </message>
</context>
<context>
    <name>ProviderForm</name>
    <message>
        <source>Preset</source>
        <translation>预设</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Base URL</source>
        <translation>基础 URL</translation>
    </message>
    <message>
        <source>API key</source>
        <translation>API 密钥</translation>
    </message>
    <message>
        <source>optional: environment variable with the key</source>
        <translation>可选：存放密钥的环境变量</translation>
    </message>
    <message>
        <source>Key variable</source>
        <translation>密钥变量</translation>
    </message>
    <message>
        <source>Default model</source>
        <translation>默认模型</translation>
    </message>
    <message>
        <source>Fetch models</source>
        <translation>获取模型</translation>
    </message>
    <message>
        <source>Test</source>
        <translation>测试</translation>
    </message>
    <message>
        <source>Test connection</source>
        <translation>测试连接</translation>
    </message>
    <message>
        <source>Send a tiny request with what the form shows (nothing is saved)</source>
        <translation>用表单中的内容发送一个极小的请求（不会保存任何内容）</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>保存</translation>
    </message>
    <message>
        <source>Provider result</source>
        <translation>服务商结果</translation>
    </message>
    <message>
        <source>Connection</source>
        <translation>连接</translation>
    </message>
    <message>
        <source>Fills in the address, key variable and a model.</source>
        <translation>自动填写地址、密钥变量和一个模型。</translation>
    </message>
    <message>
        <source>How the model picker names this provider.</source>
        <translation>模型选择器中此服务商的名称。</translation>
    </message>
    <message>
        <source>The wire format; a preset fixes it.</source>
        <translation>通信格式；预设会固定它。</translation>
    </message>
    <message>
        <source>The API&apos;s root, e.g. https://api.openai.com/v1</source>
        <translation>API 的根地址，例如 https://api.openai.com/v1</translation>
    </message>
    <message>
        <source>A key you paste is kept in the system keyring, never in a file, and never shown again; or name an environment variable that holds it.</source>
        <translation>粘贴的密钥保存在系统密钥环中，绝不写入文件，也不会再次显示；也可以填写存放它的环境变量。</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>New chats with this provider start on it. Fetch models lists what the server offers.</source>
        <translation>与此服务商的新聊天将使用该模型。“获取模型”会列出服务器提供的模型。</translation>
    </message>
    <message>
        <source>Custom (OpenAI-compatible)</source>
        <translation>自定义（兼容 OpenAI）</translation>
    </message>
    <message>
        <source>leave empty to keep the current key</source>
        <translation>留空则保留当前密钥</translation>
    </message>
    <message>
        <source>{n_models} model(s) available.</source>
        <translation>有 {n_models} 个可用模型。</translation>
    </message>
    <message>
        <source>optional for local servers</source>
        <translation>本地服务器可不填</translation>
    </message>
    <message>
        <source>paste the key: it is kept in the system keyring</source>
        <translation>粘贴密钥：它将保存在系统密钥环中</translation>
    </message>
    <message>
        <source>not needed for a local server</source>
        <translation>本地服务器不需要</translation>
    </message>
</context>
<context>
    <name>ProviderKind</name>
    <message>
        <source>OpenAI-compatible</source>
        <translation>OpenAI 兼容</translation>
    </message>
    <message>
        <source>Anthropic Messages</source>
        <translation>Anthropic Messages</translation>
    </message>
    <message>
        <source>Ollama (native)</source>
        <translation>Ollama（原生）</translation>
    </message>
    <message>
        <source>Google Gemini</source>
        <translation>Google Gemini</translation>
    </message>
</context>
<context>
    <name>ProviderProbe</name>
    <message>
        <source>FAILED · {kind}: {error}</source>
        <translation>失败 · {kind}：{error}</translation>
    </message>
    <message>
        <source>OK · first token in {first:.0f} ms · total {total:.0f} ms · model {model}</source>
        <translation>成功 · 首个 Token 用时 {first:.0f} 毫秒 · 总计 {total:.0f} 毫秒 · 模型 {model}</translation>
    </message>
    <message>
        <source>OK · no text in the answer{ended} · total {total:.0f} ms · model {model}</source>
        <translation>成功 · 回答中没有文本{ended} · 总计 {total:.0f} 毫秒 · 模型 {model}</translation>
    </message>
    <message>
        <source> (finish reason: {reason})</source>
        <translation>（结束原因：{reason}）</translation>
    </message>
    <message>
        <source>no model to test with</source>
        <translation>没有可用于测试的模型</translation>
    </message>
    <message>
        <source>no complete answer within {seconds:g} s</source>
        <translation>{seconds:g} 秒内未收到完整回答</translation>
    </message>
</context>
<context>
    <name>ProviderSettings</name>
    <message>
        <source>provider name {name!r} may contain only letters, digits, &apos;.&apos;, &apos;_&apos; and &apos;-&apos;</source>
        <translation>服务商名称 {name!r} 只能包含字母、数字、&apos;.&apos;、&apos;_&apos; 和 &apos;-&apos;</translation>
    </message>
    <message>
        <source>provider {name!r}: api_key_env looks like an API key itself; give the NAME of the environment variable that holds the key (for example OPENAI_API_KEY) - keys are never stored in the settings</source>
        <translation>服务商 {name!r}：api_key_env 看起来本身就是一个 API 密钥；请填写保存密钥的环境变量的名称（例如 OPENAI_API_KEY）— 密钥绝不会保存在设置中</translation>
    </message>
    <message>
        <source>provider {name!r}: api_key_env {env!r} is not a valid environment variable name (letters, digits and &apos;_&apos;, not starting with a digit)</source>
        <translation>服务商 {name!r}：api_key_env {env!r} 不是有效的环境变量名称（只能包含字母、数字和 &apos;_&apos;，且不能以数字开头）</translation>
    </message>
    <message>
        <source>provider {name!r}: a base URL is required (http:// or https://)</source>
        <translation>服务商 {name!r}：需要基础 URL（http:// 或 https://）</translation>
    </message>
    <message>
        <source>provider {name!r}: base URL {url!r} is malformed ({detail})</source>
        <translation>服务商 {name!r}：基础 URL {url!r} 格式错误（{detail}）</translation>
    </message>
    <message>
        <source>provider {name!r}: base URL {url!r} has an empty port after &apos;:&apos;</source>
        <translation>服务商 {name!r}：基础 URL {url!r} 中 &apos;:&apos; 后的端口为空</translation>
    </message>
    <message>
        <source>provider {name!r}: base URL {url!r} must start with http:// or https:// and name a host</source>
        <translation>服务商 {name!r}：基础 URL {url!r} 必须以 http:// 或 https:// 开头并指定主机</translation>
    </message>
    <message>
        <source>provider {name!r}: base URL must not contain a user name or password; keys are never stored in the settings (use api_key_env)</source>
        <translation>服务商 {name!r}：基础 URL 不得包含用户名或密码；密钥绝不会保存在设置中（请使用 api_key_env）</translation>
    </message>
    <message>
        <source>provider {name!r}: base URL must not contain a query or fragment (&apos;?&apos;, &apos;#&apos;)</source>
        <translation>服务商 {name!r}：基础 URL 不得包含查询或片段（&apos;?&apos;、&apos;#&apos;）</translation>
    </message>
    <message>
        <source>provider {name!r}: base URL must not contain spaces</source>
        <translation>服务商 {name!r}：基础 URL 不得包含空格</translation>
    </message>
</context>
<context>
    <name>ProvidersPage</name>
    <message>
        <source>Providers</source>
        <translation>服务商</translation>
    </message>
    <message>
        <source>Add provider</source>
        <translation>添加服务商</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <source>Remove provider</source>
        <translation>移除服务商</translation>
    </message>
    <message>
        <source>Provider details</source>
        <translation>服务商详情</translation>
    </message>
    <message>
        <source>{unavailable_reason}. Keys are read from environment variables only (name the variable under Key variable).</source>
        <translation>{unavailable_reason}。密钥只从环境变量读取（请在“密钥变量”中填写变量名）。</translation>
    </message>
    <message>
        <source>{base_url}
key: {source}</source>
        <translation>{base_url}
密钥：{source}</translation>
    </message>
    <message>
        <source>Key: {source}</source>
        <translation>密钥：{source}</translation>
    </message>
    <message>
        <source>Remove {name!r} and its stored key?</source>
        <translation>移除 {name!r} 及其已存储的密钥吗？</translation>
    </message>
    <message>
        <source>Cannot remove: {exc}</source>
        <translation>无法移除：{exc}</translation>
    </message>
</context>
<context>
    <name>QuickAskWindow</name>
    <message>
        <source>Quick ask — Parley</source>
        <translation>快速提问 — Parley</translation>
    </message>
    <message>
        <source>Ask anything…</source>
        <translation>随便问点什么…</translation>
    </message>
    <message>
        <source>Question</source>
        <translation>问题</translation>
    </message>
    <message>
        <source>Answer</source>
        <translation>回答</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <source>Open in Parley</source>
        <translation>在 Parley 中打开</translation>
    </message>
    <message>
        <source>the default model</source>
        <translation>默认模型</translation>
    </message>
    <message>
        <source>{model} · Enter sends · Esc closes</source>
        <translation>{model} · Enter 发送 · Esc 关闭</translation>
    </message>
    <message>
        <source>Opening your profile…</source>
        <translation>正在打开您的配置文件…</translation>
    </message>
    <message>
        <source>No provider yet: add one in Parley&apos;s Settings → Providers.</source>
        <translation>尚无服务商：请在 Parley 的 设置 → 服务商 中添加。</translation>
    </message>
    <message>
        <source>Commands work in Parley&apos;s window; here, just ask.</source>
        <translation>命令只能在 Parley 窗口中使用；这里直接提问即可。</translation>
    </message>
    <message>
        <source>{model} is answering…</source>
        <translation>{model} 正在回答…</translation>
    </message>
    <message>
        <source>Quick ask: {model} answered</source>
        <translation>快速提问：{model} 已回答</translation>
    </message>
    <message>
        <source>Copied.</source>
        <translation>已复制。</translation>
    </message>
</context>
<context>
    <name>QuickSwitcher</name>
    <message>
        <source>Go to conversation</source>
        <translation>转到对话</translation>
    </message>
    <message>
        <source>Type to find a conversation by title or content</source>
        <translation>输入以按标题或内容查找对话</translation>
    </message>
    <message>
        <source>Find a conversation</source>
        <translation>查找对话</translation>
    </message>
    <message>
        <source>Matching conversations</source>
        <translation>匹配的对话</translation>
    </message>
    <message>
        <source>{shown}
last activity {local_time}</source>
        <translation>{shown}
最近活动 {local_time}</translation>
    </message>
    <message>
        <source>{n_matches} by title; searching content…</source>
        <translation>按标题找到 {n_matches} 个；正在搜索内容…</translation>
    </message>
    <message>
        <source>Recent conversations</source>
        <translation>最近的对话</translation>
    </message>
    <message>
        <source>{titles} by title, {added} more by content</source>
        <translation>按标题 {titles} 个，按内容另有 {added} 个</translation>
    </message>
    <message>
        <source>Content search failed: {value}</source>
        <translation>内容搜索失败：{value}</translation>
    </message>
</context>
<context>
    <name>ResourceChip</name>
    <message>
        <source>MCP resource {title}</source>
        <translation>MCP 资源 {title}</translation>
    </message>
    <message>
        <source>Remove {title}</source>
        <translation>移除 {title}</translation>
    </message>
</context>
<context>
    <name>SamplingDialog</name>
    <message>
        <source>Let an MCP server use your model?</source>
        <translation>允许 MCP 服务器使用您的模型吗？</translation>
    </message>
    <message>
        <source>{server} asks your model to answer</source>
        <translation>{server} 请求您的模型作答</translation>
    </message>
    <message>
        <source>Nothing is sent until you allow it. The answer goes back to the server, not to the conversation. Deny is the default (Enter or Esc).</source>
        <translation>在您允许之前不会发送任何内容。回答会返回给服务器，而不是进入对话。默认为拒绝（Enter 或 Esc）。</translation>
    </message>
    <message>
        <source>no model is configured</source>
        <translation>未配置模型</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>at most {max_tokens} tokens</source>
        <translation>最多 {max_tokens} 个 Token</translation>
    </message>
    <message>
        <source>Length</source>
        <translation>长度</translation>
    </message>
    <message>
        <source>Asked for</source>
        <translation>请求内容</translation>
    </message>
    <message>
        <source>System prompt</source>
        <translation>系统提示词</translation>
    </message>
    <message>
        <source>Messages</source>
        <translation>消息</translation>
    </message>
    <message>
        <source>Allow once</source>
        <translation>允许一次</translation>
    </message>
    <message>
        <source>Deny</source>
        <translation>拒绝</translation>
    </message>
</context>
<context>
    <name>ScheduledController</name>
    <message>
        <source>&amp;Scheduled tasks…</source>
        <translation>计划任务(&amp;S)…</translation>
    </message>
    <message>
        <source>&amp;Scheduled</source>
        <translation>计划(&amp;S)</translation>
    </message>
    <message>
        <source>Scheduled</source>
        <translation>计划任务</translation>
    </message>
    <message>
        <source>Tasks run on time even while Parley is closed ({what}).</source>
        <translation>即使 Parley 已关闭，任务也会按时运行（{what}）。</translation>
    </message>
    <message>
        <source>Tasks run while this window is open. The operating system&apos;s timer is not on: {why}</source>
        <translation>任务仅在此窗口打开时运行。操作系统的定时器未开启：{why}</translation>
    </message>
    <message>
        <source>Scheduled task “{name}” is running…</source>
        <translation>计划任务“{name}”正在运行…</translation>
    </message>
    <message>
        <source>a removed task</source>
        <translation>已移除的任务</translation>
    </message>
    <message>
        <source>completed</source>
        <translation>已完成</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>timed out</source>
        <translation>已超时</translation>
    </message>
    <message>
        <source>was cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>was interrupted</source>
        <translation>被中断</translation>
    </message>
    <message>
        <source>could not start</source>
        <translation>无法启动</translation>
    </message>
    <message>
        <source>was missed</source>
        <translation>已错过</translation>
    </message>
    <message>
        <source>Scheduled task “{name}” {status}</source>
        <translation>计划任务“{name}”{status}</translation>
    </message>
    <message>
        <source>Its conversation is in the Scheduled section.</source>
        <translation>其对话位于“计划任务”分区中。</translation>
    </message>
</context>
<context>
    <name>ScheduledPage</name>
    <message>
        <source>Scheduled tasks — Parley</source>
        <translation>计划任务 — Parley</translation>
    </message>
    <message>
        <source>Scheduled tasks</source>
        <translation>计划任务</translation>
    </message>
    <message>
        <source>Add task…</source>
        <translation>添加任务…</translation>
    </message>
    <message>
        <source>Run now</source>
        <translation>立即运行</translation>
    </message>
    <message>
        <source>Turn off</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <source>Task</source>
        <translation>任务</translation>
    </message>
    <message>
        <source>Schedule</source>
        <translation>计划</translation>
    </message>
    <message>
        <source>Next run</source>
        <translation>下次运行</translation>
    </message>
    <message>
        <source>Last run</source>
        <translation>上次运行</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>No scheduled tasks yet. Add one to have a prompt run on a schedule — every weekday at 8, every hour — even while this window is closed.</source>
        <translation>暂无计划任务。添加一个任务，让提示词按计划运行（每个工作日 8 点、每小时），即使此窗口已关闭。</translation>
    </message>
    <message>
        <source>Runs</source>
        <translation>运行记录</translation>
    </message>
    <message>
        <source>When</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>How</source>
        <translation>方式</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>费用</translation>
    </message>
    <message>
        <source>Files</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>备注</translation>
    </message>
    <message>
        <source>Open conversation</source>
        <translation>打开对话</translation>
    </message>
    <message>
        <source>off</source>
        <translation>已关闭</translation>
    </message>
    <message>
        <source>never</source>
        <translation>从未</translation>
    </message>
    <message>
        <source>{n} action(s) refused</source>
        <translation>{n} 个操作被拒绝</translation>
    </message>
    <message>
        <source>(removed)</source>
        <translation>（已移除）</translation>
    </message>
    <message>
        <source>running…</source>
        <translation>运行中…</translation>
    </message>
    <message>
        <source>completed</source>
        <translation>已完成</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>timed out</source>
        <translation>已超时</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>interrupted</source>
        <translation>已中断</translation>
    </message>
    <message>
        <source>missed</source>
        <translation>已错过</translation>
    </message>
    <message>
        <source>not started</source>
        <translation>未开始</translation>
    </message>
    <message>
        <source>on time</source>
        <translation>按时</translation>
    </message>
    <message>
        <source>caught up</source>
        <translation>已补运行</translation>
    </message>
    <message>
        <source>by hand</source>
        <translation>手动</translation>
    </message>
    <message>
        <source>Turn on</source>
        <translation>开启</translation>
    </message>
    <message>
        <source>Remove scheduled task</source>
        <translation>移除计划任务</translation>
    </message>
    <message>
        <source>Remove “{name}”? It will not run again; its past runs and their conversations stay.</source>
        <translation>移除“{name}”吗？它将不再运行；过去的运行记录及其对话会保留。</translation>
    </message>
</context>
<context>
    <name>Schedules</name>
    <message>
        <source>the project {project!r} no longer exists</source>
        <translation>项目 {project!r} 已不存在</translation>
    </message>
    <message>
        <source>the task offers tools but its workspace {workspace} is not a folder</source>
        <translation>该任务提供工具，但其工作区 {workspace} 不是文件夹</translation>
    </message>
    <message>
        <source>the provider {provider!r} is no longer configured</source>
        <translation>服务商 {provider!r} 已不再配置</translation>
    </message>
    <message>
        <source>no provider is configured (parley providers add)</source>
        <translation>尚未配置服务商（parley providers add）</translation>
    </message>
    <message>
        <source>the prompt holds only commands; a task needs a message to send</source>
        <translation>提示词只包含命令；任务需要一条要发送的消息</translation>
    </message>
    <message>
        <source>missed while nothing was running (the task does not catch up)</source>
        <translation>在没有任何程序运行时错过（任务不会补运行）</translation>
    </message>
    <message>
        <source>the operating system&apos;s timer is written only on Linux (systemd); on macOS and Windows see docs/user-guide/scheduled-tasks.md (launchd, Task Scheduler). Until then tasks run while Parley&apos;s window is open.</source>
        <translation>只有在 Linux（systemd）上才会写入操作系统的定时器；在 macOS 和 Windows 上请参阅 docs/user-guide/scheduled-tasks.md（launchd、任务计划程序）。在此之前，任务仅在 Parley 窗口打开时运行。</translation>
    </message>
    <message>
        <source>the timer&apos;s units are written ({folder}) but systemd could not turn them on: {problem}. In a desktop session run: systemctl --user daemon-reload &amp;&amp; systemctl --user enable --now {unit}.timer — until then tasks run only while Parley&apos;s window is open.</source>
        <translation>定时器的单元已写入（{folder}），但 systemd 无法启用它们：{problem}。请在桌面会话中运行：systemctl --user daemon-reload &amp;&amp; systemctl --user enable --now {unit}.timer — 在此之前，任务仅在 Parley 窗口打开时运行。</translation>
    </message>
    <message>
        <source>the systemd user timer {unit}.timer is on</source>
        <translation>systemd 用户定时器 {unit}.timer 已启用</translation>
    </message>
    <message>
        <source>no timer was installed</source>
        <translation>未安装定时器</translation>
    </message>
    <message>
        <source>the timer&apos;s files are removed; systemd said: {problem}</source>
        <translation>定时器的文件已移除；systemd 返回：{problem}</translation>
    </message>
    <message>
        <source>the systemd user timer {unit}.timer is removed</source>
        <translation>systemd 用户定时器 {unit}.timer 已移除</translation>
    </message>
    <message>
        <source>no systemd user timer is installed</source>
        <translation>未安装 systemd 用户定时器</translation>
    </message>
    <message>
        <source>the timer is written but not active ({problem})</source>
        <translation>定时器已写入但未激活（{problem}）</translation>
    </message>
    <message>
        <source>{unit}.timer is active</source>
        <translation>{unit}.timer 已激活</translation>
    </message>
    <message>
        <source>systemctl is not installed</source>
        <translation>未安装 systemctl</translation>
    </message>
</context>
<context>
    <name>SessionSearch</name>
    <message>
        <source>Search conversations ({keys_for})</source>
        <translation>搜索对话（{keys_for}）</translation>
    </message>
    <message>
        <source>Search</source>
        <translation>搜索</translation>
    </message>
    <message>
        <source>Titles and content; Esc clears</source>
        <translation>标题和内容；按 Esc 清除</translation>
    </message>
    <message>
        <source>(untitled)</source>
        <translation>（无标题）</translation>
    </message>
    <message>
        <source>(title matches)</source>
        <translation>（标题匹配）</translation>
    </message>
    <message>
        <source>last activity {time} UTC</source>
        <translation>最近活动 {time} UTC</translation>
    </message>
</context>
<context>
    <name>SettingsController</name>
    <message>
        <source>Cannot read settings: {exc}</source>
        <translation>无法读取设置：{exc}</translation>
    </message>
    <message>
        <source>No project</source>
        <translation>无项目</translation>
    </message>
    <message>
        <source>Cannot read skills: {exc}</source>
        <translation>无法读取技能：{exc}</translation>
    </message>
    <message>
        <source>switch to {model} ({provider})</source>
        <translation>切换到 {model}（{provider}）</translation>
    </message>
    <message>
        <source>Start a new conversation</source>
        <translation>开始新对话</translation>
    </message>
    <message>
        <source>Start a new conversation (the current one is kept)</source>
        <translation>开始新对话（当前对话会保留）</translation>
    </message>
    <message>
        <source>What the commands do</source>
        <translation>命令的作用</translation>
    </message>
    <message>
        <source>Summarise the earlier messages to make room in the context</source>
        <translation>摘要较早的消息，为上下文腾出空间</translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <source>Providers</source>
        <translation>服务商</translation>
    </message>
    <message>
        <source>Where answers come from: cloud services and servers on this computer. Keys are kept in the system keyring, never in a file.</source>
        <translation>回答的来源：云服务和这台电脑上的服务器。密钥保存在系统密钥环中，绝不写入文件。</translation>
    </message>
    <message>
        <source>Skills &amp; Agents</source>
        <translation>技能与智能体</translation>
    </message>
    <message>
        <source>Markdown files that give the model rules (skills) or a persona (agents). Use them with /skill NAME and /agent NAME.</source>
        <translation>为模型提供规则（技能）或角色设定（智能体）的 Markdown 文件。用 /skill 名称 和 /agent 名称 使用它们。</translation>
    </message>
    <message>
        <source>Projects</source>
        <translation>项目</translation>
    </message>
    <message>
        <source>A workspace folder, shared instructions, a default model and tool permissions under one name.</source>
        <translation>将工作区文件夹、共享指令、默认模型和工具权限归于一个名称之下。</translation>
    </message>
    <message>
        <source>Prices</source>
        <translation>价格</translation>
    </message>
    <message>
        <source>The price table behind the estimated cost shown under each answer.</source>
        <translation>每条回答下方所示估算费用所依据的价格表。</translation>
    </message>
    <message>
        <source>MCP servers</source>
        <translation>MCP 服务器</translation>
    </message>
    <message>
        <source>Tools from Model Context Protocol servers: programs on this computer or services on the web. Every call goes through Parley&apos;s permission checks.</source>
        <translation>来自 Model Context Protocol 服务器的工具：这台电脑上的程序或网络服务。每次调用都要经过 Parley 的权限检查。</translation>
    </message>
    <message>
        <source>Context &amp; knowledge</source>
        <translation>上下文与知识库</translation>
    </message>
    <message>
        <source>How long conversations are summarised, and how large documents and projects&apos; knowledge folders are searched for each turn.</source>
        <translation>长对话如何摘要，以及每一轮如何检索大型文档和项目的知识库文件夹。</translation>
    </message>
    <message>
        <source>Team</source>
        <translation>团队</translation>
    </message>
    <message>
        <source>Sync this computer&apos;s history with your team&apos;s store, in the background. This computer keeps working offline; the password is kept in the system keyring.</source>
        <translation>在后台将这台电脑的历史记录与团队存储同步。这台电脑离线时仍可使用；密码保存在系统密钥环中。</translation>
    </message>
    <message>
        <source>Desktop</source>
        <translation>桌面</translation>
    </message>
    <message>
        <source>Parley in the system tray, and Quick ask: one question from anywhere, with a key chord or the command parley quick.</source>
        <translation>系统托盘中的 Parley 和快速提问：在任何地方用组合键或命令 parley quick 提一个问题。</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>设置</translation>
    </message>
    <message>
        <source>Settings pages</source>
        <translation>设置页面</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
</context>
<context>
    <name>Shortcuts</name>
    <message>
        <source>Send</source>
        <translation>发送</translation>
    </message>
    <message>
        <source>Send the prompt</source>
        <translation>发送提示词</translation>
    </message>
    <message>
        <source>New line</source>
        <translation>换行</translation>
    </message>
    <message>
        <source>Start a new line in the prompt</source>
        <translation>在提示词中另起一行</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>Stop the answer being written (the partial answer is kept)</source>
        <translation>停止正在生成的回答（保留部分回答）</translation>
    </message>
    <message>
        <source>New conversation</source>
        <translation>新对话</translation>
    </message>
    <message>
        <source>Start a new conversation</source>
        <translation>开始新对话</translation>
    </message>
    <message>
        <source>Quick switch</source>
        <translation>快速切换</translation>
    </message>
    <message>
        <source>Jump to a conversation by its title</source>
        <translation>按标题跳转到对话</translation>
    </message>
    <message>
        <source>Find conversation</source>
        <translation>查找对话</translation>
    </message>
    <message>
        <source>Search all conversations</source>
        <translation>搜索所有对话</translation>
    </message>
    <message>
        <source>History</source>
        <translation>历史记录</translation>
    </message>
    <message>
        <source>Browse, verify and export the history</source>
        <translation>浏览、校验和导出历史记录</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>设置</translation>
    </message>
    <message>
        <source>Providers, keys and preferences</source>
        <translation>服务商、密钥和偏好设置</translation>
    </message>
    <message>
        <source>Copy last answer</source>
        <translation>复制最后一条回答</translation>
    </message>
    <message>
        <source>Copy the last answer to the clipboard</source>
        <translation>将最后一条回答复制到剪贴板</translation>
    </message>
    <message>
        <source>Edit last message</source>
        <translation>编辑最后一条消息</translation>
    </message>
    <message>
        <source>Edit your last message (Up in an empty prompt); sending starts a new branch</source>
        <translation>编辑您的最后一条消息（在空提示词中按上方向键）；发送后开始新分支</translation>
    </message>
    <message>
        <source>Attach files</source>
        <translation>附加文件</translation>
    </message>
    <message>
        <source>Choose files to attach to the prompt</source>
        <translation>选择要附加到提示词的文件</translation>
    </message>
    <message>
        <source>Toggle sidebar</source>
        <translation>显示/隐藏侧边栏</translation>
    </message>
    <message>
        <source>Show or hide the conversation list</source>
        <translation>显示或隐藏对话列表</translation>
    </message>
    <message>
        <source>Zoom in</source>
        <translation>放大</translation>
    </message>
    <message>
        <source>Make the text larger</source>
        <translation>放大文字</translation>
    </message>
    <message>
        <source>Zoom out</source>
        <translation>缩小</translation>
    </message>
    <message>
        <source>Make the text smaller</source>
        <translation>缩小文字</translation>
    </message>
    <message>
        <source>Reset zoom</source>
        <translation>重置缩放</translation>
    </message>
    <message>
        <source>Back to the normal text size</source>
        <translation>恢复正常文字大小</translation>
    </message>
    <message>
        <source>Show shortcuts</source>
        <translation>显示快捷键</translation>
    </message>
    <message>
        <source>This list of keyboard shortcuts</source>
        <translation>此键盘快捷键列表</translation>
    </message>
    <message>
        <source>Rename conversation</source>
        <translation>重命名对话</translation>
    </message>
    <message>
        <source>Rename the selected conversation</source>
        <translation>重命名所选对话</translation>
    </message>
    <message>
        <source>Delete conversation</source>
        <translation>删除对话</translation>
    </message>
    <message>
        <source>Delete the selected conversation</source>
        <translation>删除所选对话</translation>
    </message>
    <message>
        <source>Undo delete</source>
        <translation>撤销删除</translation>
    </message>
    <message>
        <source>Bring back the conversation just deleted</source>
        <translation>恢复刚刚删除的对话</translation>
    </message>
    <message>
        <source>Message actions</source>
        <translation>消息操作</translation>
    </message>
    <message>
        <source>Copy, regenerate or edit the message at the cursor (also the Menu key)</source>
        <translation>复制、重新生成或编辑光标处的消息（也可用菜单键）</translation>
    </message>
    <message>
        <source>Quit</source>
        <translation>退出</translation>
    </message>
    <message>
        <source>Quit Parley</source>
        <translation>退出 Parley</translation>
    </message>
</context>
<context>
    <name>ShortcutsDialog</name>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <source>Filter shortcuts</source>
        <translation>筛选快捷键</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>按键</translation>
    </message>
    <message>
        <source> or </source>
        <translation> 或 </translation>
    </message>
    <message>
        <source>No shortcut matches.</source>
        <translation>没有匹配的快捷键。</translation>
    </message>
</context>
<context>
    <name>SidebarController</name>
    <message>
        <source>Cannot search: {message}</source>
        <translation>无法搜索：{message}</translation>
    </message>
    <message>
        <source>Could not save the change: {message}</source>
        <translation>无法保存更改：{message}</translation>
    </message>
    <message>
        <source>Stop the running answer before switching conversations.</source>
        <translation>切换对话前，请先停止正在生成的回答。</translation>
    </message>
    <message>
        <source>Duplicated as “{title}”.</source>
        <translation>已复制为“{title}”。</translation>
    </message>
    <message>
        <source>Stop the running answer before deleting this conversation.</source>
        <translation>删除此对话前，请先停止正在生成的回答。</translation>
    </message>
    <message>
        <source>Deleted “{value}”.</source>
        <translation>已删除“{value}”。</translation>
    </message>
    <message>
        <source>The conversation is back.</source>
        <translation>对话已恢复。</translation>
    </message>
</context>
<context>
    <name>SkillsPage</name>
    <message>
        <source>Skills</source>
        <translation>技能</translation>
    </message>
    <message>
        <source>Agents</source>
        <translation>智能体</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Skills and agents</source>
        <translation>技能和智能体</translation>
    </message>
    <message>
        <source>New</source>
        <translation>新建</translation>
    </message>
    <message>
        <source>New skill or agent</source>
        <translation>新建技能或智能体</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>Delete skill or agent</source>
        <translation>删除技能或智能体</translation>
    </message>
    <message>
        <source>Open folder</source>
        <translation>打开文件夹</translation>
    </message>
    <message>
        <source>Open the folder of these files</source>
        <translation>打开这些文件所在的文件夹</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>lower-case, e.g. code-review</source>
        <translation>小写，例如 code-review</translation>
    </message>
    <message>
        <source>Name error</source>
        <translation>名称错误</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>描述</translation>
    </message>
    <message>
        <source>one line: what it is for</source>
        <translation>一行：用途</translation>
    </message>
    <message>
        <source>Text (Markdown)</source>
        <translation>文本（Markdown）</translation>
    </message>
    <message>
        <source>The rules or the persona, in Markdown</source>
        <translation>规则或角色设定，使用 Markdown</translation>
    </message>
    <message>
        <source>Text error</source>
        <translation>文本错误</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>保存</translation>
    </message>
    <message>
        <source>Save skill or agent</source>
        <translation>保存技能或智能体</translation>
    </message>
    <message>
        <source>Save result</source>
        <translation>保存结果</translation>
    </message>
    <message>
        <source>Some files could not be used:</source>
        <translation>部分文件无法使用：</translation>
    </message>
    <message>
        <source>Files that could not be used</source>
        <translation>无法使用的文件</translation>
    </message>
    <message>
        <source>Document</source>
        <translation>文档</translation>
    </message>
    <message>
        <source>Lower-case words joined by hyphens; it is the file&apos;s name.</source>
        <translation>以连字符连接的小写单词；即文件名。</translation>
    </message>
    <message>
        <source>One line, shown in / completion.</source>
        <translation>一行，显示在 / 补全中。</translation>
    </message>
    <message>
        <source>Text</source>
        <translation>文本</translation>
    </message>
    <message>
        <source>Markdown: the rules (a skill) or the persona (an agent).</source>
        <translation>Markdown：规则（技能）或角色设定（智能体）。</translation>
    </message>
    <message>
        <source>Skills and agents are not available in this profile.</source>
        <translation>此配置文件中不可用技能和智能体。</translation>
    </message>
    <message>
        <source>Saved {kind} {name!r}.</source>
        <translation>已保存{kind} {name!r}。</translation>
    </message>
    <message>
        <source>{exc}; choose another name</source>
        <translation>{exc}；请另选名称</translation>
    </message>
    <message>
        <source>Not saved: {exc}</source>
        <translation>未保存：{exc}</translation>
    </message>
    <message>
        <source>Deleted {kind} {name!r}.</source>
        <translation>已删除{kind} {name!r}。</translation>
    </message>
    <message>
        <source>Delete {kind}</source>
        <translation>删除{kind}</translation>
    </message>
    <message>
        <source>Delete the {kind} {name!r}?</source>
        <translation>删除{kind} {name!r} 吗？</translation>
    </message>
</context>
<context>
    <name>StorePicker</name>
    <message>
        <source>History store</source>
        <translation>历史记录存储</translation>
    </message>
    <message>
        <source>Whose history to browse: this computer&apos;s, or a team store&apos;s</source>
        <translation>要浏览谁的历史记录：这台电脑的，还是团队存储的</translation>
    </message>
    <message>
        <source>This computer</source>
        <translation>这台电脑</translation>
    </message>
    <message>
        <source>History store error</source>
        <translation>历史记录存储错误</translation>
    </message>
    <message>
        <source>Open a team store…</source>
        <translation>打开团队存储…</translation>
    </message>
</context>
<context>
    <name>StoreSwitch</name>
    <message>
        <source>No team store is set up (Settings → Team).</source>
        <translation>尚未设置团队存储（设置 → 团队）。</translation>
    </message>
    <message>
        <source>Opening the team store…</source>
        <translation>正在打开团队存储…</translation>
    </message>
    <message>
        <source>Cannot open the team store: {exc}</source>
        <translation>无法打开团队存储：{exc}</translation>
    </message>
    <message>
        <source>This window cannot open a team store.</source>
        <translation>此窗口无法打开团队存储。</translation>
    </message>
    <message>
        <source>Opened; {note}</source>
        <translation>已打开；{note}</translation>
    </message>
    <message>
        <source>Not opened — {exc}</source>
        <translation>未打开 — {exc}</translation>
    </message>
</context>
<context>
    <name>Sync</name>
    <message>
        <source>server event {server_id} (from device {device}, #{seq}) of conversation {sid}: {problem}; nothing more of this conversation is accepted from the team store</source>
        <translation>对话 {sid} 的服务器事件 {server_id}（来自设备 {device}，#{seq}）：{problem}；将不再从团队存储接受此对话的任何内容</translation>
    </message>
    <message>
        <source>the server sent no payload text to verify</source>
        <translation>服务器未发送可供验证的负载文本</translation>
    </message>
    <message>
        <source>payload changed: the event&apos;s content does not match its hash</source>
        <translation>负载已被更改：事件的内容与其哈希不匹配</translation>
    </message>
    <message>
        <source>link broken: the event does not follow the one before it in the server&apos;s chain (an event removed, inserted or reordered)</source>
        <translation>链接断裂：该事件未接续服务器链中的前一个事件（有事件被删除、插入或重新排序）</translation>
    </message>
    <message>
        <source>unreadable payload ({detail})</source>
        <translation>负载无法读取（{detail}）</translation>
    </message>
    <message>
        <source>the event sent differs from the payload text the server hashed</source>
        <translation>发送的事件与服务器计算哈希所用的负载文本不同</translation>
    </message>
</context>
<context>
    <name>SyncIndicator</name>
    <message>
        <source>Team sync status</source>
        <translation>团队同步状态</translation>
    </message>
    <message>
        <source>Quarantined conversations</source>
        <translation>已隔离的对话</translation>
    </message>
    <message>
        <source>{action} syncing</source>
        <translation>同步：{action}</translation>
    </message>
    <message>
        <source>Try syncing again now</source>
        <translation>立即重新同步</translation>
    </message>
</context>
<context>
    <name>TeamAccess</name>
    <message>
        <source>the password was not kept: {exc}</source>
        <translation>密码未保存：{exc}</translation>
    </message>
</context>
<context>
    <name>TeamConnection</name>
    <message>
        <source>the system keyring</source>
        <translation>系统密钥环</translation>
    </message>
    <message>
        <source>memory until Parley quits (no system keyring)</source>
        <translation>内存，直到 Parley 退出（没有系统密钥环）</translation>
    </message>
    <message>
        <source>this installation of Parley cannot reach a team store</source>
        <translation>此 Parley 安装无法连接团队存储</translation>
    </message>
    <message>
        <source>the team store&apos;s address: {problem}</source>
        <translation>团队存储的地址：{problem}</translation>
    </message>
    <message>
        <source>this profile&apos;s history is open read-only: it cannot sync</source>
        <translation>此配置文件的历史记录以只读方式打开：无法同步</translation>
    </message>
    <message>
        <source>it must start with postgresql://</source>
        <translation>必须以 postgresql:// 开头</translation>
    </message>
    <message>
        <source>it must name the member, as postgresql://NAME@host/database</source>
        <translation>必须指明成员，格式为 postgresql://NAME@host/database</translation>
    </message>
    <message>
        <source>it must not carry a password (Parley keeps it in the system keyring)</source>
        <translation>不得包含密码（Parley 将密码保存在系统密钥环中）</translation>
    </message>
    <message>
        <source>it must name the database, as postgresql://NAME@host/database</source>
        <translation>必须指明数据库，格式为 postgresql://NAME@host/database</translation>
    </message>
</context>
<context>
    <name>TeamPage</name>
    <message>
        <source>pushed {pushed} and pulled {pulled} events</source>
        <translation>已推送 {pushed} 个、拉取 {pulled} 个事件</translation>
    </message>
    <message>
        <source>None</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Team store address</source>
        <translation>团队存储地址</translation>
    </message>
    <message>
        <source>Member</source>
        <translation>成员</translation>
    </message>
    <message>
        <source>This device</source>
        <translation>此设备</translation>
    </message>
    <message>
        <source>Where the password is kept</source>
        <translation>密码的保存位置</translation>
    </message>
    <message>
        <source>Sync in the background</source>
        <translation>在后台同步</translation>
    </message>
    <message>
        <source>Sync with the team store</source>
        <translation>与团队存储同步</translation>
    </message>
    <message>
        <source>Seconds between syncs</source>
        <translation>同步间隔秒数</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>保存</translation>
    </message>
    <message>
        <source>Save team settings</source>
        <translation>保存团队设置</translation>
    </message>
    <message>
        <source>Sync now</source>
        <translation>立即同步</translation>
    </message>
    <message>
        <source>Leave</source>
        <translation>退出</translation>
    </message>
    <message>
        <source>Leave the team store</source>
        <translation>退出团队存储</translation>
    </message>
    <message>
        <source>Stop syncing: this computer keeps its history; the password is removed from the keyring</source>
        <translation>停止同步：这台电脑保留其历史记录；密码会从密钥环中移除</translation>
    </message>
    <message>
        <source>Team store message</source>
        <translation>团队存储消息</translation>
    </message>
    <message>
        <source>Team store address to join</source>
        <translation>要加入的团队存储地址</translation>
    </message>
    <message>
        <source>postgresql://NAME@host:5432/database</source>
        <translation>postgresql://NAME@host:5432/database</translation>
    </message>
    <message>
        <source>Password on the team store</source>
        <translation>团队存储的密码</translation>
    </message>
    <message>
        <source>kept in the system keyring</source>
        <translation>保存在系统密钥环中</translation>
    </message>
    <message>
        <source>Join…</source>
        <translation>加入…</translation>
    </message>
    <message>
        <source>Join the team store</source>
        <translation>加入团队存储</translation>
    </message>
    <message>
        <source>Join result</source>
        <translation>加入结果</translation>
    </message>
    <message>
        <source>The team store</source>
        <translation>团队存储</translation>
    </message>
    <message>
        <source>Address</source>
        <translation>地址</translation>
    </message>
    <message>
        <source>Password</source>
        <translation>密码</translation>
    </message>
    <message>
        <source>Never in a file Parley writes.</source>
        <translation>绝不写入 Parley 生成的任何文件。</translation>
    </message>
    <message>
        <source>Your name on the team store.</source>
        <translation>您在团队存储上的名称。</translation>
    </message>
    <message>
        <source>How the team store tells this desktop apart.</source>
        <translation>团队存储用来区分这台电脑的标识。</translation>
    </message>
    <message>
        <source>Sync</source>
        <translation>同步</translation>
    </message>
    <message>
        <source>Off: nothing is sent or fetched; nothing is lost.</source>
        <translation>关闭：不发送也不获取任何内容；不会丢失任何内容。</translation>
    </message>
    <message>
        <source>Every</source>
        <translation>每隔</translation>
    </message>
    <message>
        <source>While Parley is open, and after every answer.</source>
        <translation>在 Parley 打开期间，以及每次回答之后。</translation>
    </message>
    <message>
        <source>Join a team store</source>
        <translation>加入团队存储</translation>
    </message>
    <message>
        <source>From your team&apos;s administrator (parley team add-member).</source>
        <translation>由团队管理员提供（parley team add-member）。</translation>
    </message>
    <message>
        <source>Checked with a first sync before it is kept.</source>
        <translation>保存前会通过首次同步进行验证。</translation>
    </message>
    <message>
        <source>None — join one below</source>
        <translation>无 — 请在下方加入一个</translation>
    </message>
    <message>
        <source>In {kept}.</source>
        <translation>在{kept}中。</translation>
    </message>
    <message>
        <source>Not kept: libpq reads ~/.pgpass, or join again to give it.</source>
        <translation>未保存：libpq 会读取 ~/.pgpass，或重新加入以提供密码。</translation>
    </message>
    <message>
        <source>Saved.</source>
        <translation>已保存。</translation>
    </message>
    <message>
        <source>Syncing now — the window&apos;s status line says how it went.</source>
        <translation>正在同步 — 窗口状态栏会显示结果。</translation>
    </message>
    <message>
        <source>Synced: {outcome_text}.</source>
        <translation>已同步：{outcome_text}。</translation>
    </message>
    <message>
        <source>Could not sync: {error}</source>
        <translation>无法同步：{error}</translation>
    </message>
    <message>
        <source>Could not sync: {exc}</source>
        <translation>无法同步：{exc}</translation>
    </message>
    <message>
        <source>Syncing…</source>
        <translation>正在同步…</translation>
    </message>
    <message>
        <source>Left {address}: this computer&apos;s history is kept.</source>
        <translation>已退出 {address}：这台电脑的历史记录会保留。</translation>
    </message>
    <message>
        <source>type the team store&apos;s address</source>
        <translation>请输入团队存储的地址</translation>
    </message>
    <message>
        <source>The address: {problem}.</source>
        <translation>地址：{problem}。</translation>
    </message>
    <message>
        <source>Joined as {member}: {outcome}.</source>
        <translation>已以 {member} 的身份加入：{outcome}。</translation>
    </message>
    <message>
        <source>No system keyring could keep the password ({problem}), so it is kept in memory until Parley quits: to sync after a restart, set PGPASSWORD or use ~/.pgpass.</source>
        <translation>没有系统密钥环能保存密码（{problem}），因此密码保存在内存中，直到 Parley 退出：若要在重启后同步，请设置 PGPASSWORD 或使用 ~/.pgpass。</translation>
    </message>
    <message>
        <source>Could not join: {value}</source>
        <translation>无法加入：{value}</translation>
    </message>
    <message>
        <source>Could not join: {exc}</source>
        <translation>无法加入：{exc}</translation>
    </message>
    <message>
        <source>Joining: a first sync with the team store…</source>
        <translation>正在加入：与团队存储进行首次同步…</translation>
    </message>
</context>
<context>
    <name>TeamStore</name>
    <message>
        <source>the team store {where} refused the login: {detail}</source>
        <translation>团队存储 {where} 拒绝了登录：{detail}</translation>
    </message>
    <message>
        <source>cannot reach the team store {where} (no connection within the timeout)</source>
        <translation>无法连接团队存储 {where}（超时前未能建立连接）</translation>
    </message>
    <message>
        <source>cannot reach the team store {where} ({detail})</source>
        <translation>无法连接团队存储 {where}（{detail}）</translation>
    </message>
    <message>
        <source>the team database {where} is not set up for this Parley (missing {missing}); its owner must run init_team</source>
        <translation>团队数据库 {where} 尚未为此 Parley 设置（缺少 {missing}）；其所有者必须运行 init_team</translation>
    </message>
</context>
<context>
    <name>TeamSync</name>
    <message>
        <source>just now</source>
        <translation>刚刚</translation>
    </message>
    <message>
        <source>{minutes} min ago</source>
        <translation>{minutes} 分钟前</translation>
    </message>
    <message>
        <source>{hours} h ago</source>
        <translation>{hours} 小时前</translation>
    </message>
    <message>
        <source>{days} d ago</source>
        <translation>{days} 天前</translation>
    </message>
    <message>
        <source>unknown error</source>
        <translation>未知错误</translation>
    </message>
    <message>
        <source>no password — join again in Settings → Team, or set PGPASSWORD</source>
        <translation>没有密码 — 请在 设置 → 团队 中重新加入，或设置 PGPASSWORD</translation>
    </message>
    <message>
        <source>the login was refused — check the password in Settings → Team</source>
        <translation>登录被拒绝 — 请在 设置 → 团队 中检查密码</translation>
    </message>
    <message>
        <source>Synced {ago}</source>
        <translation>{ago}已同步</translation>
    </message>
    <message>
        <source>Last synced {ago}</source>
        <translation>上次同步：{ago}</translation>
    </message>
    <message>
        <source>Sync paused</source>
        <translation>同步已暂停</translation>
    </message>
    <message>
        <source>Syncing…</source>
        <translation>正在同步…</translation>
    </message>
    <message>
        <source>Offline — retrying in {wait} s</source>
        <translation>离线 — {wait} 秒后重试</translation>
    </message>
    <message>
        <source>Offline</source>
        <translation>离线</translation>
    </message>
    <message>
        <source>Sync stopped: {error}</source>
        <translation>同步已停止：{error}</translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>继续</translation>
    </message>
    <message>
        <source>Sync failed — retrying in {wait} s</source>
        <translation>同步失败 — {wait} 秒后重试</translation>
    </message>
    <message>
        <source>Retry now</source>
        <translation>立即重试</translation>
    </message>
    <message>
        <source>Sync stopped</source>
        <translation>同步已停止</translation>
    </message>
    <message>
        <source>Not synced yet</source>
        <translation>尚未同步</translation>
    </message>
    <message>
        <source>Team store: {address}</source>
        <translation>团队存储：{address}</translation>
    </message>
    <message>
        <source>Team store</source>
        <translation>团队存储</translation>
    </message>
    <message>
        <source>This device: {device}</source>
        <translation>此设备：{device}</translation>
    </message>
    <message>
        <source>Pushed {pushed}, pulled {pulled} events since start</source>
        <translation>自启动以来推送 {pushed} 个、拉取 {pulled} 个事件</translation>
    </message>
    <message>
        <source>Last error: {error}</source>
        <translation>上次错误：{error}</translation>
    </message>
    <message>
        <source>{count} conversation quarantined (the team store&apos;s copy did not verify; nothing more of it is accepted): {named}. Why: {reasons}</source>
        <translation>{count} 个对话已隔离（团队存储中的副本未通过验证；不再接受其任何内容）：{named}。原因：{reasons}</translation>
    </message>
    <message>
        <source>{count} conversations quarantined (the team store&apos;s copy did not verify; nothing more of it is accepted): {named}. Why: {reasons}</source>
        <translation>{count} 个对话已隔离（团队存储中的副本未通过验证；不再接受其任何内容）：{named}。原因：{reasons}</translation>
    </message>
</context>
<context>
    <name>ThinkingIndicator</name>
    <message>
        <source>Answer status</source>
        <translation>回答状态</translation>
    </message>
    <message>
        <source>Thinking…</source>
        <translation>思考中…</translation>
    </message>
    <message>
        <source>Waiting for {model}&apos;s first words</source>
        <translation>正在等待 {model} 的第一个字</translation>
    </message>
    <message>
        <source>{phrase} {seconds} s</source>
        <translation>{phrase} {seconds} 秒</translation>
    </message>
</context>
<context>
    <name>TimelineView</name>
    <message>
        <source>Turn started</source>
        <translation>轮次开始</translation>
    </message>
    <message>
        <source>User message</source>
        <translation>用户消息</translation>
    </message>
    <message>
        <source>Attachment</source>
        <translation>附件</translation>
    </message>
    <message>
        <source>Reasoning</source>
        <translation>推理过程</translation>
    </message>
    <message>
        <source>Answer</source>
        <translation>回答</translation>
    </message>
    <message>
        <source>Tool call</source>
        <translation>工具调用</translation>
    </message>
    <message>
        <source>Tool result</source>
        <translation>工具结果</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>裁决</translation>
    </message>
    <message>
        <source>Permission asked</source>
        <translation>已请求权限</translation>
    </message>
    <message>
        <source>Notice</source>
        <translation>提示</translation>
    </message>
    <message>
        <source>Fact</source>
        <translation>事实</translation>
    </message>
    <message>
        <source>Compaction</source>
        <translation>压缩</translation>
    </message>
    <message>
        <source>Context check</source>
        <translation>上下文检查</translation>
    </message>
    <message>
        <source>Retrieval</source>
        <translation>检索</translation>
    </message>
    <message>
        <source>Turn finished</source>
        <translation>轮次结束</translation>
    </message>
    <message>
        <source>{input} in / {output} out tokens</source>
        <translation>输入 {input} / 输出 {output} 个 Token</translation>
    </message>
    <message>
        <source>(arguments could not be read)</source>
        <translation>（无法读取参数）</translation>
    </message>
    <message>
        <source>default model</source>
        <translation>默认模型</translation>
    </message>
    <message>
        <source>retry of {turn}</source>
        <translation>{turn} 的重试</translation>
    </message>
    <message>
        <source>follows {turn}</source>
        <translation>接续 {turn}</translation>
    </message>
    <message>
        <source>agent {role}</source>
        <translation>智能体 {role}</translation>
    </message>
    <message>
        <source>review note</source>
        <translation>审阅备注</translation>
    </message>
    <message>
        <source>{count} attachment(s)</source>
        <translation>{count} 个附件</translation>
    </message>
    <message>
        <source>gate {mode}</source>
        <translation>权限模式 {mode}</translation>
    </message>
    <message>
        <source>(redacted reasoning)</source>
        <translation>（推理过程已隐去）</translation>
    </message>
    <message>
        <source> (partial)</source>
        <translation>（不完整）</translation>
    </message>
    <message>
        <source>assistant</source>
        <translation>助手</translation>
    </message>
    <message>
        <source> · effect {effect}</source>
        <translation> · 效果 {effect}</translation>
    </message>
    <message>
        <source>{decision} · {tool}{effect}{confined} · rule {rule} · decided by {source}</source>
        <translation>{decision} · {tool}{effect}{confined} · 规则 {rule} · 决定方 {source}</translation>
    </message>
    <message>
        <source>ok</source>
        <translation>成功</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>{what} · for: {query}</source>
        <translation>{what} · 查询：{query}</translation>
    </message>
    <message>
        <source>{seconds:.1f} s</source>
        <translation>{seconds:.1f} 秒</translation>
    </message>
    <message>
        <source>not sent: {error}</source>
        <translation>未发送：{error}</translation>
    </message>
    <message>
        <source>sent as {type} image</source>
        <translation>已作为 {type} 图片发送</translation>
    </message>
    <message>
        <source>{chars} characters extracted</source>
        <translation>已提取 {chars} 个字符</translation>
    </message>
    <message>
        <source> by {extractor}</source>
        <translation>（由 {extractor} 提取）</translation>
    </message>
    <message>
        <source> (truncated)</source>
        <translation>（已截断）</translation>
    </message>
    <message>
        <source>Select a conversation to see its timeline.</source>
        <translation>选择一个对话以查看其时间线。</translation>
    </message>
    <message>
        <source>Raw JSON</source>
        <translation>原始 JSON</translation>
    </message>
    <message>
        <source>Show the event exactly as the log stores it</source>
        <translation>按日志存储的原样显示事件</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>事件</translation>
    </message>
    <message>
        <source>Next match</source>
        <translation>下一个匹配项</translation>
    </message>
    <message>
        <source>Go to the next event matching the search (F3)</source>
        <translation>转到下一个匹配搜索的事件（F3）</translation>
    </message>
    <message>
        <source>Match {number} of {count}: {snippet}</source>
        <translation>第 {number} 个匹配项，共 {count} 个：{snippet}</translation>
    </message>
</context>
<context>
    <name>Toast</name>
    <message>
        <source>Notification</source>
        <translation>通知</translation>
    </message>
    <message>
        <source>Dismiss notification</source>
        <translation>关闭通知</translation>
    </message>
    <message>
        <source>Dismiss</source>
        <translation>关闭</translation>
    </message>
</context>
<context>
    <name>ToolCard</name>
    <message>
        <source>ran</source>
        <translation>已运行</translation>
    </message>
    <message>
        <source>allowed by you</source>
        <translation>已由您允许</translation>
    </message>
    <message>
        <source>waiting for your permission</source>
        <translation>等待您的许可</translation>
    </message>
    <message>
        <source>refused</source>
        <translation>已拒绝</translation>
    </message>
    <message>
        <source>rejected: the model was asked to correct it</source>
        <translation>已驳回：已要求模型更正</translation>
    </message>
    <message>
        <source>dropped</source>
        <translation>已丢弃</translation>
    </message>
    <message>
        <source>skipped: already done</source>
        <translation>已跳过：已完成过</translation>
    </message>
    <message>
        <source>checking…</source>
        <translation>正在检查…</translation>
    </message>
    <message>
        <source>{label} ✓</source>
        <translation>{label} ✓</translation>
    </message>
    <message>
        <source>{label}, failed ✗</source>
        <translation>{label}，失败 ✗</translation>
    </message>
    <message>
        <source>(the call was not recorded)</source>
        <translation>（未记录该调用）</translation>
    </message>
    <message>
        <source>(arguments could not be read)</source>
        <translation>（无法读取参数）</translation>
    </message>
    <message>
        <source>arguments:</source>
        <translation>参数：</translation>
    </message>
    <message>
        <source>result:</source>
        <translation>结果：</translation>
    </message>
    <message>
        <source>result (failed):</source>
        <translation>结果（失败）：</translation>
    </message>
    <message>
        <source>verdict: {decision} ({source}) · rule {rule}{effect}</source>
        <translation>裁决：{decision}（{source}）· 规则 {rule}{effect}</translation>
    </message>
    <message>
        <source>Not run: the turn was stopped.</source>
        <translation>未运行：本轮已停止。</translation>
    </message>
    <message>
        <source>Stopped: the user stopped the call to {tool} of MCP server {server} before it finished.</source>
        <translation>已停止：用户在 MCP 服务器 {server} 的 {tool} 调用完成前将其停止。</translation>
    </message>
    <message>
        <source>Timed out: MCP server {server} did not finish {tool} within {seconds:g} s; the call was abandoned.</source>
        <translation>已超时：MCP 服务器 {server} 未在 {seconds:g} 秒内完成 {tool}；已放弃该调用。</translation>
    </message>
    <message>
        <source>Failed: MCP server {server} could not run {tool}: {error}</source>
        <translation>失败：MCP 服务器 {server} 无法运行 {tool}：{error}</translation>
    </message>
    <message>
        <source>Not allowed: {reason}. Tool {tool} of MCP server {server} was not run.</source>
        <translation>不允许：{reason}。未运行 MCP 服务器 {server} 的工具 {tool}。</translation>
    </message>
    <message>
        <source>The user did not allow this action.</source>
        <translation>用户未允许此操作。</translation>
    </message>
</context>
<context>
    <name>ToolsControl</name>
    <message>
        <source>Tools</source>
        <translation>工具</translation>
    </message>
    <message>
        <source>MCP ({n_servers})</source>
        <translation>MCP（{n_servers}）</translation>
    </message>
</context>
<context>
    <name>ToolsPopover</name>
    <message>
        <source>No tools</source>
        <translation>不使用工具</translation>
    </message>
    <message>
        <source>Read only</source>
        <translation>只读</translation>
    </message>
    <message>
        <source>All tools</source>
        <translation>所有工具</translation>
    </message>
    <message>
        <source>Ask before risky commands</source>
        <translation>运行有风险的命令前询问</translation>
    </message>
    <message>
        <source>Ask before every command</source>
        <translation>运行每条命令前询问</translation>
    </message>
    <message>
        <source>Tools for this conversation</source>
        <translation>此对话的工具</translation>
    </message>
    <message>
        <source>The model can read and work only inside the workspace folder, and asks before anything risky.</source>
        <translation>模型只能在工作区文件夹内读取和工作，遇到有风险的操作会先询问。</translation>
    </message>
    <message>
        <source>Choose a folder…</source>
        <translation>选择文件夹…</translation>
    </message>
    <message>
        <source>Workspace folder</source>
        <translation>工作区文件夹</translation>
    </message>
    <message>
        <source>The folder the model&apos;s tools may read and work in</source>
        <translation>模型工具可以读取和工作的文件夹</translation>
    </message>
    <message>
        <source>Clear workspace</source>
        <translation>清除工作区</translation>
    </message>
    <message>
        <source>No workspace: the model uses no tools</source>
        <translation>无工作区：模型不使用任何工具</translation>
    </message>
    <message>
        <source>Tools the model may use</source>
        <translation>模型可使用的工具</translation>
    </message>
    <message>
        <source>When to ask before a command runs</source>
        <translation>何时在运行命令前询问</translation>
    </message>
    <message>
        <source>Sandbox</source>
        <translation>沙箱</translation>
    </message>
    <message>
        <source>MCP servers</source>
        <translation>MCP 服务器</translation>
    </message>
    <message>
        <source>MCP servers for this conversation</source>
        <translation>此对话的 MCP 服务器</translation>
    </message>
    <message>
        <source>None yet: add one in Settings → MCP servers.</source>
        <translation>暂无：请在 设置 → MCP 服务器 中添加。</translation>
    </message>
    <message>
        <source>Workspace</source>
        <translation>工作区</translation>
    </message>
    <message>
        <source>Tools</source>
        <translation>工具</translation>
    </message>
    <message>
        <source>Ask</source>
        <translation>询问</translation>
    </message>
    <message>
        <source>{folder} — click to choose another</source>
        <translation>{folder} — 点击以选择其他文件夹</translation>
    </message>
    <message>
        <source>Choose a folder for tools</source>
        <translation>为工具选择文件夹</translation>
    </message>
    <message>
        <source>MCP server {name}</source>
        <translation>MCP 服务器 {name}</translation>
    </message>
    <message>
        <source>Offer the tools of {name} in this conversation</source>
        <translation>在此对话中提供 {name} 的工具</translation>
    </message>
    <message>
        <source>{name} is turned off in Settings → MCP servers</source>
        <translation>{name} 已在 设置 → MCP 服务器 中关闭</translation>
    </message>
</context>
<context>
    <name>TranscriptView</name>
    <message>
        <source>Conversation</source>
        <translation>对话</translation>
    </message>
    <message>
        <source>The messages of the open conversation. Hover a message or press the context-menu key (Shift+F10) for its actions: copy, regenerate, edit. Tab moves between links; Enter or Space opens or closes an answer&apos;s reasoning or a tool&apos;s details.</source>
        <translation>当前打开对话的消息。将鼠标悬停在消息上或按上下文菜单键（Shift+F10）可使用其操作：复制、重新生成、编辑。Tab 在链接间移动；Enter 或空格键可展开或收起回答的推理过程或工具的详情。</translation>
    </message>
    <message>
        <source>Start a conversation: type below and press Ctrl+Enter.
Esc stops an answer; the text so far is kept.</source>
        <translation>开始对话：在下方输入并按 Ctrl+Enter。
Esc 可停止回答；已生成的文本会保留。</translation>
    </message>
    <message>
        <source>↑ Show 1 earlier message</source>
        <translation>↑ 显示 1 条较早的消息</translation>
    </message>
    <message>
        <source>↑ Show {count:,} earlier messages</source>
        <translation>↑ 显示 {count:,} 条较早的消息</translation>
    </message>
</context>
<context>
    <name>TrayMenu</name>
    <message>
        <source>Show Parley</source>
        <translation>显示 Parley</translation>
    </message>
    <message>
        <source>New chat</source>
        <translation>新聊天</translation>
    </message>
    <message>
        <source>Quick ask…</source>
        <translation>快速提问…</translation>
    </message>
    <message>
        <source>Recent conversations</source>
        <translation>最近的对话</translation>
    </message>
    <message>
        <source>Pause schedules</source>
        <translation>暂停计划任务</translation>
    </message>
    <message>
        <source>Quit Parley</source>
        <translation>退出 Parley</translation>
    </message>
    <message>
        <source>Untitled</source>
        <translation>无标题</translation>
    </message>
    <message>
        <source>No conversations yet</source>
        <translation>暂无对话</translation>
    </message>
</context>
<context>
    <name>TurnOutcome</name>
    <message>
        <source>(stopped)</source>
        <translation>（已停止）</translation>
    </message>
    <message>
        <source>(stopped — partial answer kept)</source>
        <translation>（已停止 — 已保留部分回答）</translation>
    </message>
    <message>
        <source>(interrupted — Parley closed while this answer was streaming)</source>
        <translation>（已中断 — 此回答流式传输期间 Parley 已关闭）</translation>
    </message>
    <message>
        <source>Timed out.</source>
        <translation>已超时。</translation>
    </message>
    <message>
        <source>Timed out: {error}</source>
        <translation>已超时：{error}</translation>
    </message>
    <message>
        <source>Failed.</source>
        <translation>失败。</translation>
    </message>
    <message>
        <source>Failed: {error}</source>
        <translation>失败：{error}</translation>
    </message>
    <message>
        <source>The model chosen to summarise earlier messages is not available ({exc}); {model} writes the summary instead.</source>
        <translation>用于摘要较早消息的模型不可用（{exc}）；改由 {model} 撰写摘要。</translation>
    </message>
    <message>
        <source>Earlier messages could not be summarised: {reason}. The conversation is unchanged.</source>
        <translation>无法摘要较早的消息：{reason}。对话未更改。</translation>
    </message>
    <message>
        <source>The documents could not be searched ({exc}); the model answers without excerpts.</source>
        <translation>无法搜索文档（{exc}）；模型将在没有摘录的情况下作答。</translation>
    </message>
    <message>
        <source>This message does not fit {model}&apos;s context window: the request needs about {needed:,} tokens, and {available:,} are available ({window:,} in the window, {reserved:,} kept for the answer), even after summarising the earlier conversation. Nothing was sent. Shorten the message, remove an attachment or have it searched instead of sent whole (its menu), or choose a model with a larger window.</source>
        <translation>此消息超出了 {model} 的上下文窗口：即使摘要了较早的对话，请求仍需要约 {needed:,} 个 Token，而可用的只有 {available:,} 个（窗口共 {window:,} 个，其中 {reserved:,} 个留给回答）。未发送任何内容。请缩短消息、移除附件或改为搜索附件而非整份发送（在其菜单中），或选择窗口更大的模型。</translation>
    </message>
    <message>
        <source>The answer was cut off: the model reached its output token limit.</source>
        <translation>回答被截断：模型达到了其输出 Token 上限。</translation>
    </message>
    <message>
        <source>The provider&apos;s content filter stopped this answer.</source>
        <translation>服务商的内容过滤器中止了此回答。</translation>
    </message>
    <message>
        <source>internal error: {kind}: {exc}</source>
        <translation>内部错误：{kind}：{exc}</translation>
    </message>
    <message>
        <source>the turn was interrupted before it finished</source>
        <translation>本轮在完成前被中断</translation>
    </message>
    <message>
        <source>no model chosen for provider {provider!r}: pick one in the model picker, pass --model, or set the provider&apos;s default model</source>
        <translation>未为服务商 {provider!r} 选择模型：请在模型选择器中选择一个、传入 --model，或设置该服务商的默认模型</translation>
    </message>
    <message>
        <source>the turn ran longer than its limit of {limit} s</source>
        <translation>本轮运行时间超过了 {limit} 秒的限制</translation>
    </message>
    <message>
        <source>Retrying in {wait} s (attempt {attempt} of {attempts}): {reason}</source>
        <translation>{wait} 秒后重试（第 {attempt} 次，共 {attempts} 次）：{reason}</translation>
    </message>
    <message>
        <source>The model asked to use a tool, but no tools are enabled for this turn.</source>
        <translation>模型请求使用工具，但本轮未启用任何工具。</translation>
    </message>
    <message>
        <source>the task did not finish: the model asked to use a tool, but this task offers none (give it a workspace and tools, or an MCP server)</source>
        <translation>任务未完成：模型请求使用工具，但此任务不提供任何工具（请为其指定工作区和工具，或一个 MCP 服务器）</translation>
    </message>
    <message>
        <source>Stopped after {steps} steps (the step limit).</source>
        <translation>已在 {steps} 步后停止（步数上限）。</translation>
    </message>
    <message>
        <source>the task did not finish within its {steps} steps (completion_max_steps): the model was still calling tools; what it did so far is recorded</source>
        <translation>任务未在 {steps} 步内完成（completion_max_steps）：模型仍在调用工具；目前已完成的操作已记录</translation>
    </message>
    <message>
        <source>this installation of Parley cannot read attachments</source>
        <translation>此 Parley 安装无法读取附件</translation>
    </message>
    <message>
        <source>the files of one message may add up to {megabytes} MB at most</source>
        <translation>一条消息的文件总计最多 {megabytes} MB</translation>
    </message>
    <message>
        <source>could not use the attachment — {problems}. Nothing was sent to the model; remove or replace the file and send again.</source>
        <translation>无法使用该附件 — {problems}。未向模型发送任何内容；请移除或替换该文件后重新发送。</translation>
    </message>
    <message>
        <source>could not use these attachments — {problems}. Nothing was sent to the model; remove or replace the file and send again.</source>
        <translation>无法使用这些附件 — {problems}。未向模型发送任何内容；请移除或替换文件后重新发送。</translation>
    </message>
    <message>
        <source>could not use the attachment — {problems}. Nothing was sent to the model; remove or replace the attachment and send again.</source>
        <translation>无法使用该附件 — {problems}。未向模型发送任何内容；请移除或替换该附件后重新发送。</translation>
    </message>
    <message>
        <source>could not use these attachments — {problems}. Nothing was sent to the model; remove or replace the attachment and send again.</source>
        <translation>无法使用这些附件 — {problems}。未向模型发送任何内容；请移除或替换附件后重新发送。</translation>
    </message>
    <message>
        <source>{name} is searched by keywords only: the embedding model failed ({exc}).</source>
        <translation>{name} 仅按关键词搜索：嵌入模型失败（{exc}）。</translation>
    </message>
    <message>
        <source>{name} could not be indexed for searching ({exc}); its first {chars:,} characters are sent instead.</source>
        <translation>{name} 无法建立搜索索引（{exc}）；改为发送其前 {chars:,} 个字符。</translation>
    </message>
    <message>
        <source>{name} could not be indexed for searching ({exc}); it is sent whole instead.</source>
        <translation>{name} 无法建立搜索索引（{exc}）；改为整份发送。</translation>
    </message>
    <message>
        <source>{name} ({uri}): this installation of Parley has no MCP client</source>
        <translation>{name}（{uri}）：此 Parley 安装没有 MCP 客户端</translation>
    </message>
    <message>
        <source>Saved {count} file(s) to {destination}: {names}.</source>
        <translation>已将 {count} 个文件保存到 {destination}：{names}。</translation>
    </message>
    <message>
        <source>Saved {count} file(s) to {destination}: {names} and {more} more.</source>
        <translation>已将 {count} 个文件保存到 {destination}：{names} 及另外 {more} 个。</translation>
    </message>
    <message>
        <source>The turn did not complete; the files it wrote are kept for inspection in {sandbox}.</source>
        <translation>本轮未完成；其写入的文件保留在 {sandbox} 中以供检查。</translation>
    </message>
    <message>
        <source>Could not copy the turn&apos;s files ({exc}); they are in {sandbox}.</source>
        <translation>无法复制本轮的文件（{exc}）；它们位于 {sandbox}。</translation>
    </message>
    <message>
        <source>the answer passed Parley&apos;s limit of {limit:,} characters (text, reasoning and tool-call arguments together), so Parley stopped reading it; what came before the limit is kept. If answers this long are expected, raise &quot;max_answer_chars&quot; in the &quot;network&quot; section of settings.json</source>
        <translation>回答超出了 Parley 的 {limit:,} 个字符上限（文本、推理过程和工具调用参数合计），因此 Parley 停止读取；上限之前的内容已保留。如果预期会有这么长的回答，请在 settings.json 的 &quot;network&quot; 部分调高 &quot;max_answer_chars&quot;</translation>
    </message>
    <message>
        <source>the answer is shown but not yet saved (the history refused it: {refused}); it is kept in {path}, and Parley adds it to this conversation when it next starts</source>
        <translation>回答已显示但尚未保存（历史记录拒绝了它：{refused}）；它保存在 {path} 中，Parley 下次启动时会将其添加到此对话</translation>
    </message>
    <message>
        <source>the answer is shown but not yet saved (the history refused it: {refused}); it is kept in the history database as checkpoints, and Parley adds it to this conversation when it next starts</source>
        <translation>回答已显示但尚未保存（历史记录拒绝了它：{refused}）；它以检查点形式保存在历史数据库中，Parley 下次启动时会将其添加到此对话</translation>
    </message>
    <message>
        <source>{message}; its last {chars} characters could not be kept anywhere: copy them from the screen</source>
        <translation>{message}；其最后 {chars} 个字符无法保存到任何位置：请从屏幕上复制</translation>
    </message>
    <message>
        <source>{error} (gave up after {attempts} attempts)</source>
        <translation>{error}（尝试 {attempts} 次后放弃）</translation>
    </message>
    <message>
        <source>{error} (the provider asked to wait {seconds} s)</source>
        <translation>{error}（服务商要求等待 {seconds} 秒）</translation>
    </message>
</context>
<context>
    <name>UndoBar</name>
    <message>
        <source>Undo</source>
        <translation>撤销</translation>
    </message>
    <message>
        <source>Undo (Ctrl+Z)</source>
        <translation>撤销（Ctrl+Z）</translation>
    </message>
    <message>
        <source>Dismiss</source>
        <translation>关闭</translation>
    </message>
</context>
<context>
    <name>Units</name>
    <message>
        <source> s</source>
        <translation> 秒</translation>
    </message>
</context>
<context>
    <name>WelcomePanel</name>
    <message>
        <source>Welcome</source>
        <translation>欢迎</translation>
    </message>
    <message>
        <source>Welcome to Parley</source>
        <translation>欢迎使用 Parley</translation>
    </message>
    <message>
        <source>Chat with any model, in the cloud or on this computer. Connect one to begin — it takes under a minute.</source>
        <translation>与任何模型聊天，无论在云端还是在这台电脑上。连接一个模型即可开始，不到一分钟。</translation>
    </message>
    <message>
        <source>Keyring unavailable</source>
        <translation>密钥环不可用</translation>
    </message>
    <message>
        <source>Connect a provider</source>
        <translation>连接服务商</translation>
    </message>
    <message>
        <source>OpenAI, Anthropic, Gemini, OpenRouter, Groq… Pick a preset, paste its API key — kept in your system keyring, never in a file — and press Start chatting.</source>
        <translation>OpenAI、Anthropic、Gemini、OpenRouter、Groq… 选择一个预设，粘贴其 API 密钥（保存在系统密钥环中，绝不写入文件），然后按“开始聊天”。</translation>
    </message>
    <message>
        <source>Start chatting</source>
        <translation>开始聊天</translation>
    </message>
    <message>
        <source>Or run models on this computer</source>
        <translation>或在这台电脑上运行模型</translation>
    </message>
    <message>
        <source>Ollama and LM Studio serve models locally: no key, and nothing leaves your machine.</source>
        <translation>Ollama 和 LM Studio 在本地提供模型：无需密钥，任何内容都不会离开您的电脑。</translation>
    </message>
    <message>
        <source>Look for Ollama and LM Studio</source>
        <translation>查找 Ollama 和 LM Studio</translation>
    </message>
    <message>
        <source>Local servers found</source>
        <translation>找到的本地服务器</translation>
    </message>
    <message>
        <source>Use selected</source>
        <translation>使用所选项</translation>
    </message>
    <message>
        <source>Your conversations are kept on this computer. Press {settings_keys} later to add more providers.</source>
        <translation>您的对话保存在这台电脑上。之后可按 {settings_keys} 添加更多服务商。</translation>
    </message>
    <message>
        <source>API keys cannot be saved on this computer: {reason}, and name it under Key variable. A local server (below) needs no key.</source>
        <translation>无法在这台电脑上保存 API 密钥：{reason}，并在“密钥变量”中填写它。本地服务器（见下方）不需要密钥。</translation>
    </message>
    <message>
        <source>OpenAI, Anthropic, Gemini, OpenRouter, Groq… Pick a preset, check the Key variable that holds its API key, and press Start chatting.</source>
        <translation>OpenAI、Anthropic、Gemini、OpenRouter、Groq… 选择一个预设，检查存放其 API 密钥的“密钥变量”，然后按“开始聊天”。</translation>
    </message>
    <message>
        <source>Found {n_servers} local server(s).</source>
        <translation>找到 {n_servers} 个本地服务器。</translation>
    </message>
    <message>
        <source>No local server answered on localhost:11434 (Ollama) or localhost:1234 (LM Studio). Start one, or add a provider above.</source>
        <translation>localhost:11434（Ollama）和 localhost:1234（LM Studio）上都没有本地服务器响应。请启动一个，或在上方添加服务商。</translation>
    </message>
    <message>
        <source>Looking for local servers…</source>
        <translation>正在查找本地服务器…</translation>
    </message>
</context>
<context>
    <name>_RenameDelegate</name>
    <message>
        <source>New title</source>
        <translation>新标题</translation>
    </message>
</context>
<context>
    <name>app</name>
    <message>
        <source>Parley cannot start</source>
        <translation>Parley 无法启动</translation>
    </message>
    <message>
        <source>Cannot open your profile:

{exc}</source>
        <translation>无法打开您的配置文件：

{exc}</translation>
    </message>
</context>
<context>
    <name>costs_view</name>
    <message>
        <source>Costs per {lower}</source>
        <translation>按{lower}的费用</translation>
    </message>
</context>
<context>
    <name>export</name>
    <message>
        <source>JSON (*.json)</source>
        <translation>JSON (*.json)</translation>
    </message>
    <message>
        <source>Markdown (*.md)</source>
        <translation>Markdown (*.md)</translation>
    </message>
    <message>
        <source>HTML (*.html)</source>
        <translation>HTML (*.html)</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>导出</translation>
    </message>
</context>
<context>
    <name>fixes</name>
    <message>
        <source>Open Settings → Providers</source>
        <translation>打开 设置 → 服务商</translation>
    </message>
    <message>
        <source>Choose a vision model</source>
        <translation>选择视觉模型</translation>
    </message>
</context>
<context>
    <name>permission</name>
    <message>
        <source>The model wants to use {mcp_tool} from the MCP server {mcp_server}</source>
        <translation>模型想使用 MCP 服务器 {mcp_server} 的 {mcp_tool}</translation>
    </message>
    <message>
        <source>The model wants to run a command</source>
        <translation>模型想运行一条命令</translation>
    </message>
    <message>
        <source>The model wants to install a Python package</source>
        <translation>模型想安装一个 Python 包</translation>
    </message>
    <message>
        <source>The model wants to use {tool}</source>
        <translation>模型想使用 {tool}</translation>
    </message>
    <message>
        <source>The model wants to use {value}</source>
        <translation>模型想使用 {value}</translation>
    </message>
</context>
<context>
    <name>prices_page</name>
    <message>
        <source>Add row</source>
        <translation>添加行</translation>
    </message>
    <message>
        <source>Add {row}</source>
        <translation>添加{row}</translation>
    </message>
    <message>
        <source>Remove row</source>
        <translation>移除行</translation>
    </message>
    <message>
        <source>Remove {selected}</source>
        <translation>移除{selected}</translation>
    </message>
    <message>
        <source>Reset to defaults</source>
        <translation>恢复默认值</translation>
    </message>
    <message>
        <source>Reset {table} to the built-in table</source>
        <translation>将{table}重置为内置表</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>保存</translation>
    </message>
    <message>
        <source>Save {saved}</source>
        <translation>保存{saved}</translation>
    </message>
</context>
<context>
    <name>window_layout</name>
    <message>
        <source>New chat</source>
        <translation>新聊天</translation>
    </message>
    <message>
        <source>Start a new conversation (Ctrl+N)</source>
        <translation>开始新对话（Ctrl+N）</translation>
    </message>
    <message>
        <source>Search conversations</source>
        <translation>搜索对话</translation>
    </message>
    <message>
        <source>Conversations</source>
        <translation>对话</translation>
    </message>
    <message>
        <source>New conversation</source>
        <translation>新对话</translation>
    </message>
    <message>
        <source>Conversation title</source>
        <translation>对话标题</translation>
    </message>
    <message>
        <source>Tokens and estimated cost of this conversation</source>
        <translation>此对话的 Token 数和估算费用</translation>
    </message>
    <message>
        <source>Project</source>
        <translation>项目</translation>
    </message>
    <message>
        <source>The project this conversation belongs to</source>
        <translation>此对话所属的项目</translation>
    </message>
    <message>
        <source>No project</source>
        <translation>无项目</translation>
    </message>
    <message>
        <source>Model for the next message</source>
        <translation>下一条消息使用的模型</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
</context>
</TS>
