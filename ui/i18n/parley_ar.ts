<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ar_EG">
<context>
    <name>AddTaskDialog</name>
    <message>
        <source>Add scheduled task</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(the prompt&apos;s first words)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Schedule (cron expression)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Prompt</source>
        <translation>الطلب</translation>
    </message>
    <message>
        <source>What the model is asked at each run, e.g. Summarise what changed in my notes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No project</source>
        <translation>بلا مشروع</translation>
    </message>
    <message>
        <source>Default provider</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(the provider&apos;s default model)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No tools</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Read files in the project&apos;s folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All tools (what would need asking is refused)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>If the computer was off, run once at the next start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name</source>
        <translation>الاسم</translation>
    </message>
    <message>
        <source>Schedule</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Project</source>
        <translation>المشروع</translation>
    </message>
    <message>
        <source>Provider</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model</source>
        <translation>النموذج</translation>
    </message>
    <message>
        <source>Time limit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tools</source>
        <translation>الأدوات</translation>
    </message>
    <message>
        <source>Cron: minute hour day-of-month month day-of-week, in local time. 0 8 * * 1-5 is 08:00 on weekdays; */30 * * * * every half hour.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next: {times}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Never fires</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>AttachmentChip</name>
    <message>
        <source>Search instead of sending whole</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Parley indexes the file and sends only the parts that match each question, with citations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{format} image</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Document</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Spreadsheet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Slides</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Log</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>page</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>slide</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>slides</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sheet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sheets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>section</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sections</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading… {done:,} / {total:,}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading… {done:,} / {total:,} {unit}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove {name}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a folder, not a file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop reading and remove {name}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>AttachmentError</name>
    <message>
        <source>{name} does not exist (it may have been moved)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name} cannot be opened ({detail})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name} cannot be read ({detail})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name} is not a file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name} is {size}; Parley reads files of up to {limit}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name} grew past {limit} while it was being read; Parley reads files of up to {limit}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reading {name} was cancelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reading {name} took longer than {seconds:g} s and was stopped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reading {name} used more than its CPU time limit and was stopped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reading {name} needed more than {memory} of memory and was stopped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name} could not be read: the reader failed (exit {code}; {detail})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name}: reading it needed more than {megabytes:,.0f} MB of memory and was stopped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reading it needed more than {megabytes:,.0f} MB of memory and was stopped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name}: its structure is nested too deeply to read safely</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>its structure is nested too deeply to read safely</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name} could not be read ({detail})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name} is {label}, which Parley does not read{hint}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name} is protected by a password, and Parley cannot open encrypted Office files; save a copy without the password and attach that</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{what}, which Parley does not read{hint}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; unpack it and attach the files inside</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; images are read as PNG, JPEG, GIF or WEBP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; save it in the current format (.docx, .xlsx, .pptx) and attach that</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; save it as .docx, .xlsx or .pptx and attach that</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; save it as .docx or plain text and attach that</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name} is actually {label}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name}: the part {part} is not well-formed XML ({detail})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the part {part} is not well-formed XML ({detail})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name}: the part {part} declares a DTD or XML entities ({detail})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name}: the part {part} is implausibly large for what it is</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name} has no main document part</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name} has no readable workbook part</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name} has no text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name} has no visible text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name} is empty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name}: every sheet is empty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>every sheet is empty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name} is not a readable EPUB ({detail})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name} has no visible text (only {count:,} hidden element, which a reader would not show)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name} has no visible text (only {count:,} hidden elements, which a reader would not show)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name} has no visible text (only {count:,} hidden element, which a browser would not show)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name} has no visible text (only {count:,} hidden elements, which a browser would not show)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name} is too large in pixels to be safe ({detail}); it looks like a decompression bomb and was not read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name} is a damaged image ({detail})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name} is a {format} image, which Parley does not send</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name} is an OLE2 file but not an e-mail</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name} uses an encryption Parley cannot open ({detail})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name} is protected by a password, and Parley cannot open password-protected PDFs; remove the password (for example by printing it to a new PDF) and attach it again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name} declares data beyond the safety limits ({detail}); it was not read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name} has no pages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name}: {detail}, beyond the safety limit (a decompression bomb?); it was not read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{detail}, beyond the safety limit (a decompression bomb?); it was not read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name} is damaged or truncated and cannot be opened ({detail})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name}: its pages decompress beyond the safety limits (a decompression bomb?); nothing was read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>its pages decompress beyond the safety limits (a decompression bomb?); nothing was read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name} is damaged: none of its {count:,} page could be read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name} is damaged: none of its {count:,} pages could be read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name}: {count:,} page could not be read and the others have no text layer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name}: {count:,} pages could not be read and the others have no text layer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{count:,} page could not be read and the others have no text layer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{count:,} pages could not be read and the others have no text layer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name}: scanned PDF ({count:,} page) with no text layer; OCR is not supported</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name}: scanned PDF ({count:,} pages) with no text layer; OCR is not supported</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>scanned PDF ({count:,} page) with no text layer; OCR is not supported</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>scanned PDF ({count:,} pages) with no text layer; OCR is not supported</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name} has no text ({count:,} slide)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name} has no text ({count:,} slides)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name} is not valid CSV near line {line:,} ({detail})</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>AttachmentStrip</name>
    <message>
        <source>not found</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot read: {exc}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>AttachmentText</name>
    <message>
        <source>{kind} image</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not sent: {reason}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not sent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>searched for each question</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>truncated: the model saw the first {count:,} characters</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>AttachmentViewer</name>
    <message>
        <source>{count:,} characters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>read by {extractor}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>truncated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name} — what the model saw</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not sent to the model — {attachment_error}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The file was longer than the limit: the model saw only the text below.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This file was searched for each question rather than sent whole: below are the excerpts the model was given for this answer.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(no text)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The image cannot be shown here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The image cannot be shown: {exc}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>AttachmentsController</name>
    <message>
        <source>Cannot keep the pasted image: {exc}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose an MCP server for this conversation first (Tools → MCP servers).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This installation of Parley has no MCP client.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the stored copy of this image cannot be found</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Showing the original file, not the copy that was sent; it may have changed since.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Workspace for the model&apos;s tools</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Commands run sandboxed ({mechanism})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Each command runs in an operating-system sandbox: your home folder is hidden, there is no network unless you allow a command that needs it, and it writes only where the permission prompt says.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No sandbox on this system: every command asks{install}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{reason}. Commands would run with your permissions, so Parley asks before each one.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Badges</name>
    <message>
        <source>Completed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stopped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Denied</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No turns</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Key set</source>
        <translation>المفتاح مضبوط</translation>
    </message>
    <message>
        <source>Key from env</source>
        <translation>المفتاح من البيئة</translation>
    </message>
    <message>
        <source>No key</source>
        <translation>لا مفتاح</translation>
    </message>
    <message>
        <source>No keyring</source>
        <translation>لا حلقة مفاتيح</translation>
    </message>
    <message>
        <source>No key needed</source>
        <translation>لا حاجة لمفتاح</translation>
    </message>
    <message>
        <source>Off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not started</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Starting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ready</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Invalid</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ChatController</name>
    <message>
        <source>{count:,} tokens</source>
        <translation>{count:,} رمزًا</translation>
    </message>
    <message>
        <source>Stop the running answer before starting a new chat.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wait for the answer to finish before switching branches.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copied the last answer.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Still reading the settings; send again in a moment.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Opening the conversation; your message goes as soon as it is read.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Send /compact on its own; your message stays here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The next message goes to {model}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing to summarise yet: this conversation has no messages.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Earlier messages cannot be summarised right now.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Summarising earlier messages…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 earlier turn</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{count} earlier turns</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Summarised {what}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing was summarised.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Summarising failed: {exc}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stopping…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · {tokens_in} in / {tokens_out} out tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Done in {duration_s:.1f} s{figures}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stopped. The partial answer was kept.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failed: {error}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Timed out: {error}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>CommandPopup</name>
    <message>
        <source>Command suggestions</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Compaction</name>
    <message>
        <source>there are no earlier messages to summarise yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{model} cannot read even a short part of the conversation (its window is {tokens:,} tokens)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{model} could not write the summary: {exc}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stopped before the summary was finished</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{model} answered with an empty summary</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the summary was no shorter than the messages it would replace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There are no earlier messages to summarise yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{model} cannot read even a short part of the conversation (its window is {tokens:,} tokens).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{model} could not write the summary: {exc}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stopped before the summary was finished.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{model} answered with an empty summary.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The summary was no shorter than the messages it would replace.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is nothing to summarise yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>That message is no longer here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No model is chosen to write the summary.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Composer</name>
    <message>
        <source>Ask anything — Ctrl+Enter to send, / for commands</source>
        <translation>اسأل عن أي شيء — Ctrl+Enter للإرسال، و/ للأوامر</translation>
    </message>
    <message>
        <source>Ask anything — Enter to send, Shift+Enter for a new line, / for commands</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Send (Ctrl+Enter)</source>
        <translation>إرسال (Ctrl+Enter)</translation>
    </message>
    <message>
        <source>Send (Enter)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Prompt</source>
        <translation>الطلب</translation>
    </message>
    <message>
        <source>Attach</source>
        <translation>إرفاق</translation>
    </message>
    <message>
        <source>Attach files</source>
        <translation>إرفاق ملفات</translation>
    </message>
    <message>
        <source>Attach files (or drop them here, or paste them)</source>
        <translation>إرفاق ملفات (أو أفلتها هنا أو الصقها)</translation>
    </message>
    <message>
        <source>Files…</source>
        <translation>ملفات…</translation>
    </message>
    <message>
        <source>From an MCP server…</source>
        <translation>من خادم MCP…</translation>
    </message>
    <message>
        <source>Editing an earlier message</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Editing an earlier message — sending starts a new branch.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>إلغاء</translation>
    </message>
    <message>
        <source>Cancel editing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop editing and bring back your draft (Esc)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Prompt error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop the answer (Esc)</source>
        <translation>إيقاف الإجابة (Esc)</translation>
    </message>
</context>
<context>
    <name>Confinement</name>
    <message>
        <source>Not sandboxed: no sandbox is available on this system, so the command runs with your permissions and can reach anything you can.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sandboxed ({mechanism}): {reach}, {net}; your home folder is hidden.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not sandboxed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>with network access</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>without network access</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>can read the workspace but change nothing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>can write only in this turn&apos;s sandbox folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>can change files in the workspace (not .git/hooks or .git/config)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>can write only the workspace&apos;s Python environment</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ContextGauge</name>
    <message>
        <source>Context window</source>
        <translation>نافذة السياق</translation>
    </message>
    <message>
        <source>reported by the server</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>from the table of context windows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a guess — set it in Settings → Prices</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>of unknown origin</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{percent}% of {window}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{tokens:,} of {window:,} tokens in the context window ({percent}%)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Window size: {source}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{tokens:,} tokens kept for the answer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measured before earlier messages were summarised; the next message measures again.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ContextPage</name>
    <message>
        <source>This conversation&apos;s model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>None — keyword search only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compaction threshold</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compaction provider</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compaction model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compaction model error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Embedding provider</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Embedding model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Embedding model error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Excerpts per turn</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save</source>
        <translation>حفظ</translation>
    </message>
    <message>
        <source>Save context settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Context settings save result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Long conversations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Threshold</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>When a conversation&apos;s request passes this share of the model&apos;s context window, its oldest turns are summarised (nothing is deleted: History keeps them, and the transcript can show them).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model</source>
        <translation>النموذج</translation>
    </message>
    <message>
        <source>Who writes the summary: the conversation&apos;s own model, or a cheaper one.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Documents and knowledge folders</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Embeddings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keyword search (BM25) always works, offline. An embedding model adds search by meaning; its provider is sent the documents&apos; text to embed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How many excerpts of large attachments and the project&apos;s knowledge folder a turn is given at most.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name a model of {compaction_provider}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name an embedding model of {embedding_provider}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not saved: {exc}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{current} (not configured)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a model of that provider</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ContextWindowsSection</name>
    <message>
        <source>Context windows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How many tokens each model can read per request (prompt and answer) and at most write (Max output; empty or 0 if unknown). Used when the provider does not report a model&apos;s window itself (OpenRouter, Ollama, LM Studio, llama.cpp and Gemini do). Built-in figures checked on {WINDOWS_CHECKED_ON}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Context windows result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read context windows: {exc}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The built-in context windows (checked on {WINDOWS_CHECKED_ON}) are shown; Save to use them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved {n_windows} context-window rows.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not saved: {exc}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ConversationItems</name>
    <message>
        <source>Earlier messages summarised</source>
        <translation>لُخِّصت الرسائل السابقة</translation>
    </message>
    <message>
        <source>Show original messages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hide original messages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(The provider sent this reasoning encrypted: it is kept, but cannot be shown.)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reasoning (encrypted by the provider)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reasoning</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Thought for a moment</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Thought for {seconds} s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Thought for {minutes} min {seconds} s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Thought for {minutes} min</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ConversationList</name>
    <message>
        <source>(untitled)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Enter opens, F2 renames, Delete deletes, the context menu has more</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pinned</source>
        <translation>مثبتة</translation>
    </message>
    <message>
        <source>Today</source>
        <translation>اليوم</translation>
    </message>
    <message>
        <source>Yesterday</source>
        <translation>أمس</translation>
    </message>
    <message>
        <source>Previous 7 days</source>
        <translation>آخر 7 أيام</translation>
    </message>
    <message>
        <source>Previous 30 days</source>
        <translation>آخر 30 يومًا</translation>
    </message>
    <message>
        <source>Older</source>
        <translation>أقدم</translation>
    </message>
    <message>
        <source>No conversations yet — start one with {keys}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No conversations match “{query}”.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No conversations match.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{head} Try fewer or other words; Esc clears the search.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Conversations</source>
        <translation>المحادثات</translation>
    </message>
    <message>
        <source>{title}, pinned</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{title} section</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Project {title}, collapsed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Project {title}, expanded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Conversation actions</source>
        <translation>إجراءات المحادثة</translation>
    </message>
    <message>
        <source>Rename</source>
        <translation>إعادة تسمية</translation>
    </message>
    <message>
        <source>Unpin</source>
        <translation>إلغاء التثبيت</translation>
    </message>
    <message>
        <source>Pin</source>
        <translation>تثبيت</translation>
    </message>
    <message>
        <source>Duplicate</source>
        <translation>تكرار</translation>
    </message>
    <message>
        <source>Move to project</source>
        <translation>نقل إلى مشروع</translation>
    </message>
    <message>
        <source>(no projects yet)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>حذف</translation>
    </message>
    <message>
        <source>{title}
last activity {when}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Costs</name>
    <message>
        <source>{text!r} is not an amount: write it like 0.50</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{text!r} is not an amount: write a number of 0 or more</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{text!r}: write the decimals with a dot, like 2.50</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{text!r} is not a number; write a price like 2.50</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{text!r} is not a usable price</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{text!r} is negative; a price is 0 or more</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>CostsView</name>
    <message>
        <source>Turns</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tokens in</source>
        <translation>رموز الإدخال</translation>
    </message>
    <message>
        <source>Tokens out</source>
        <translation>رموز الإخراج</translation>
    </message>
    <message>
        <source>Est. cost</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Parley — Costs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Total</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Costs error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Costs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Per member</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Per model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No finished turns match these filters.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Total: {turns} · {tokens_in:,} tokens in · {tokens_out:,} tokens out · {cost}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>estimated {money}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no price known for these models</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{count} had no price (Settings → Prices): their tokens are counted, their cost is not.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Estimated with the price table in Settings → Prices.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>member {value}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>since {value}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>until {value}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>provider {value}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>model {value}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>project {value}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>workspace {value}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>status {value}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>verdict {value}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>with tool calls</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>all finished turns</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>finished turns, {filters}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(unknown)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{count:,} turn</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{count:,} turns</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{count:,} member/model row</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{count:,} member/model rows</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>CrashReport</name>
    <message>
        <source>Parley crashed last time. The crash report is in {path} (please attach it when you report the problem).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>DesktopPage</name>
    <message>
        <source>Tray</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Parley&apos;s icon in the system tray opens a new chat, Quick ask and your latest conversations.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Closing the window keeps Parley in the tray</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This desktop has no system tray, so closing the window quits Parley.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Quick ask</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A small window on top of everything for one question. It also opens from the tray, and from the command parley quick.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Quick ask shortcut</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Default</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>None</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Quick ask shortcut state</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Desktop settings problem</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No shortcut: use the tray or parley quick.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{chord} opens Quick ask from anywhere.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not save: {error}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ElicitationDialog</name>
    <message>
        <source>{server} asks for information</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{server} asks:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>An MCP server is asking, not Parley. Do not give it passwords or keys.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>* an answer is required</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Submit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Decline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tell the server you will not answer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>إلغاء</translation>
    </message>
    <message>
        <source>Dismiss without answering (Esc)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Yes</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>EmptyConversation</name>
    <message>
        <source>Explain a concept</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Explain public keys simply.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Write code</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dedupe a file&apos;s lines in Python.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Summarise a document</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Summarise the attached file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Plan something</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Plan three days in Lisbon.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New conversation</source>
        <translation>محادثة جديدة</translation>
    </message>
    <message>
        <source>What can I help with?</source>
        <translation>كيف يمكنني المساعدة؟</translation>
    </message>
    <message>
        <source>Example: {title}</source>
        <translation>مثال: {title}</translation>
    </message>
    <message>
        <source>Press {sheet} to see every keyboard shortcut.</source>
        <translation>اضغط {sheet} لعرض كل اختصارات لوحة المفاتيح.</translation>
    </message>
</context>
<context>
    <name>EmptyState</name>
    <message>
        <source>Clear filters</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>FeedbackController</name>
    <message>
        <source>Waiting for your permission…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Parley needs your permission</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A command waits for your yes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{model} answered</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The answer is ready.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The answer did not finish</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Duplicated as “{title}”.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exported to {path}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>FilterBar</name>
    <message>
        <source>Search titles and content</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Search conversations</source>
        <translation>البحث في المحادثات</translation>
    </message>
    <message>
        <source>Clear search</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Date range</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>When the conversation&apos;s turns started</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Since</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Limit to turns since a date</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Since date</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Until</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Limit to turns until a date</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Until date</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Any provider</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Provider</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Any model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model</source>
        <translation>النموذج</translation>
    </message>
    <message>
        <source>Any workspace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Workspace</source>
        <translation>مجلد العمل</translation>
    </message>
    <message>
        <source>Any project</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Project</source>
        <translation>المشروع</translation>
    </message>
    <message>
        <source>Any member</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Member</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Whose conversations (a team store&apos;s members)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Turn status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Action verdict</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Has tool calls</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cost at least</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>More filters: provider, workspace, project, verdict, cost, dates</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>More filters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filters · {count}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{count} more filter(s) set</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No more filters set</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>FixController</name>
    <message>
        <source>Check the API key and address of {provider}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pick a model that can see images, then send again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>None of the listed models is known to see images: pick or add one that does.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The next message goes to {model}. Retry the failed message to send it.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>FrameHost</name>
    <message>
        <source>Sources: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open {name} at {where}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hide the summary</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show the summary</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show the messages the summary stands in for (the model reads the summary)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hide the messages the summary stands in for</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hide the model&apos;s reasoning</source>
        <translation>إخفاء تفكير النموذج</translation>
    </message>
    <message>
        <source>Show the model&apos;s reasoning</source>
        <translation>إظهار تفكير النموذج</translation>
    </message>
    <message>
        <source>You</source>
        <translation>أنت</translation>
    </message>
    <message>
        <source>Show the previous version ({label})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show the next version ({label})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the server says: {claims} (a claim Parley cannot check)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>↻ Retry</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{tokens:,} in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{tokens:,} out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{seconds:.1f} s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{count} turn</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{count} turns</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>by {model}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>automatically</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>with /compact</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>GateReason</name>
    <message>
        <source>writes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>deletes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>redirects output to</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>redirects output to {path}, which {detail}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>redirects output to {path} (inside the sandbox)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>redirects output to {path}: outside the sandbox, into the workspace itself</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>redirects output to {path}, under the protected {prefix}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>redirects output to the disk device {device}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a process substitution</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>is in the home directory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>is only known at run time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>is an empty path</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>is relative to a directory {lost}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>has &apos;..&apos; after the pattern {part!r} (a link?)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>is outside the workspace and the sandbox</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>leads outside ({message})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>may match &apos;..&apos; above the root</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>may match the link {link!r} that leads outside</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>installing {requirement} downloads and runs third-party code</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the path {path} {detail}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{path} {detail}; reading outside the workspace and the sandbox needs permission</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reading {path} recursively may follow the link {link!r}, which leads outside the workspace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{verb} the disk device {device}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{verb} {path}, which {detail}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{verb} {path}, under the protected {prefix}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{verb} {path} (inside the sandbox)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{verb} {path}: outside the sandbox, into the workspace itself</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>is outside the sandbox</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{verb} the workspace root</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{verb} {path} (outside the sandbox)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{verb} {path}, under a protected path</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the command is empty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the command contains a NUL character</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the working directory {cwd!r} is not valid</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot be judged ({error}) and it names {name}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot be judged: {error}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>commands nested too deeply</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>downloads with {fetcher} and runs code with {runner}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>read-only: {programs}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>too deeply nested or too long to judge</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sets {var}, which can make a program load or run other code</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sets the environment variable {var}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>control flow ({control}) is not judged</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a word starts with ~ (the home directory)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the program {program} is only known at run time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name} runs a command with other privileges</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{program} is not a bare name resolved to a trusted system program ({why})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name} runs whatever {fed_by} feeds it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{wrapper} is not a trusted system program</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name} controls the whole system</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name} formats or partitions disks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name} is not on the allow-list</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cd to a directory that is not named inside</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cd {path} leaves the workspace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>git {sub} is not a read-only subcommand</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>git {sub} {flag} may change refs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>git {sub} with a name creates it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>git remote beyond -v may change or fetch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cp copies the link {link!r} as a link</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a link in the sandbox could later redirect reads or writes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ln links to {source}, outside the workspace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the package name is empty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the package name contains a control character</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{text!r} is an option, not a package name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{text!r} is a URL or a VCS reference, not a PyPI name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{text!r} is a path, not a PyPI name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{text!r} is not a PyPI requirement (a name, optional [extras], optional version such as &gt;=1.2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{wrapper} runs nothing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name} only reads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name} only prints its arguments</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>printf only prints</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>git {sub} lists</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>git remote -v lists</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>git {sub} only reads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cd {path}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cd {path}: {why}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>your settings deny this tool</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>you chose to always allow this tool</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>you allowed this tool for this conversation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the server says this tool only reads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>your settings ask before this tool runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this turn asks before every action</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the server says this tool may delete or overwrite things</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the server says this tool reaches outside services</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the server does not say this tool only reads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{reason} (an unattended turn never asks, so it refuses)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the arguments of {tool} are not a JSON object ({error}). Send them as one JSON object, for example {example}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{raw!r} is a directory, not a file. Use list_dir with path {rel!r} to see its entries, then read_file one of them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{raw!r} is a file, not a directory. Use read_file with path {rel!r} to read it, or list_dir {parent!r} to see the directory it is in.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the pattern is empty. Give a regular expression (or plain text) to look for.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{raw!r} is under the protected {protected!r}, which no action may write. Write the file somewhere else.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the directory {rel!r} already exists; nothing to create</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{raw!r} names a directory; write_file writes files. Give a file path (parent directories are created as needed), e.g. &apos;notes/summary.md&apos;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{raw!r} is an existing directory. Give a file path inside it, e.g. &apos;{rel}/new_file.txt&apos;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{parent!r} is a file, so {rel!r} cannot be created under it. Choose another directory.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sandbox:{rel} already holds exactly this content; nothing to write</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the command is empty. Give the shell command to run.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the command contains a NUL character. Remove it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{directories} already exist(s) as directories; nothing to create</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>there is no file {rel!r} in the workspace or the sandbox.{hint} Use list_dir with path {parent!r} to see what exists, then try again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>there is no directory {rel!r} in the workspace or the sandbox.{hint} Use list_dir with path {parent!r} to see what exists, then try again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> Nearest existing {kind}s: {near}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{raw!r} {problem}, which no action may create: git run there would obey its config and hooks. Write the file under another name or directory.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>has the component {part!r}, which is a git repository&apos;s directory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>would make {where!r} look like a git repository (HEAD with objects/ or refs/)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> Nearest directories: {near}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the cwd {cwd!r} is not a directory of the workspace.{hint} Use &apos;sandbox&apos; (the default), &apos;workspace&apos;, or an existing workspace directory.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{message}. Give a package name from PyPI, optionally with [extras] and a version, e.g. &apos;requests&apos; or &apos;requests[socks]&gt;=2.31&apos;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the {argument} {raw!r} is not usable: {message}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the {argument} {raw!r} is not usable: {message}. {what}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Give a path relative to the workspace root.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Give it relative to the root instead: {rel!r}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Give a path relative to the workspace root, e.g. &apos;src/main.py&apos; or &apos;.&apos;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove the NUL character.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove the control character (newline, tab, …) from the path.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only the workspace is reachable; give a path relative to its root.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use &apos;/&apos; to separate directories, e.g. &apos;src/main.py&apos;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only the workspace is reachable; remove the &apos;..&apos; that leaves it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name a file inside the workspace instead.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The links form a loop; name the real file instead.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>there is no tool named {tool!r}, and no tools are available in this turn. Answer without tools.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> Did you mean {near}?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>there is no tool named {tool!r}.{hint} The available tools are: {tools}. Call one of those.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the path is empty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the path contains a NUL character</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the path contains a control character</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{raw!r} starts with &apos;~&apos; (a home directory, outside the workspace)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{raw!r} contains a backslash; use &apos;/&apos; between directories</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{raw!r} is an absolute path</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{raw!r} climbs above the workspace root with &apos;..&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;..&apos; climbs above the {root} root</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{key!r} is a link that leads outside the workspace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{key!r} is part of a link loop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name} runs a command as another user</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>what {name} runs is only known at run time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>env option {option!r} (e.g. -S, -C) is not modelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name} option {option!r} is not modelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name} needs a plain duration before the command</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name} without a command</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name} {option} only looks a name up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name} {option} with a run-time argument</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>xargs {option} needs a plain value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>xargs option {option!r} is not modelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name} {option} option is not modelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name} option {option!r} (login, interactive, stdin) is not modelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name} -c without a script</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the script {name} -c runs is only known at run time</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>GlobalShortcut</name>
    <message>
        <source>Wayland does not let applications take a key from the whole desktop. Add a shortcut in your desktop&apos;s keyboard settings that runs: parley quick</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A desktop-wide shortcut is not available here ({platform}). Use the tray menu, or give your system&apos;s shortcut settings the command: parley quick</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>“{text}” is not a key chord (e.g. {chord}).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{text} needs Ctrl, Alt or Super: a key alone belongs to every program.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{text}: that key cannot be used; choose a letter, Space or F1 to F12.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>libxcb is not available: {e}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot reach the X display.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The keyboard has no key for {chord}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Another application already uses {chord}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The X server refused {chord} (error {code}).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The X display connection was lost.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>History</name>
    <message>
        <source>nothing can be saved: the history {path} is open read-only ({why})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot read the event store {path}: {detail}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>HistoryFilters</name>
    <message>
        <source>Any time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Today</source>
        <translation>اليوم</translation>
    </message>
    <message>
        <source>Last 7 days</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last 30 days</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last 12 months</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Custom range…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only conversations whose estimated cost is at least this amount (e.g. 0.50), priced with Settings → Prices; a conversation without a price is left out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Any status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Has a failed turn</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Has a cancelled turn</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Has an interrupted turn</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Has a timed-out turn</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Has a completed turn</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Any verdict</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Has a refused action</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Has an action that asked</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Has a rejected action</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Has a dropped action</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Has an action allowed by the user</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>HistoryStores</name>
    <message>
        <source>Team store ({address})</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>HistoryTable</name>
    <message>
        <source>Title</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Workspace</source>
        <translation>مجلد العمل</translation>
    </message>
    <message>
        <source>First activity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last activity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Models</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Turns</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tokens in</source>
        <translation>رموز الإدخال</translation>
    </message>
    <message>
        <source>Tokens out</source>
        <translation>رموز الإخراج</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failures</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Member</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{count:,} turn(s) failed, timed out or were interrupted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an action was refused by the gate or rejected by you</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a turn was stopped before it finished</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>every turn completed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no turn yet</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>HistoryWindow</name>
    <message>
        <source>Parley — History</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Conversations</source>
        <translation>المحادثات</translation>
    </message>
    <message>
        <source>Number of conversations shown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>History</source>
        <translation>السجل</translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export &amp;selected conversation(s)…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export all &amp;shown…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export &amp;everything…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Verify record</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Costs per member and model…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Delete conversation…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Next match</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Close</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;History</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export: the selected conversations (Ctrl+E), all shown, or everything</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export</source>
        <translation>تصدير</translation>
    </message>
    <message>
        <source>A menu: the selected conversations, all shown, or everything</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No conversations match</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing matches “{text}” with these filters.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing matches these filters.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Try other words, a wider date range, or clear the filters.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No history yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every conversation you have in Parley is recorded here: each turn, the model that answered, tool calls and the permission decisions, with tokens and failures. Start a chat in the main window and it appears here, ready to search, verify and export.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Costs are summed on a team store: pick one in the store picker.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot sum the costs: {exc}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read the team store: {exc}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read the history: {exc}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading “{value}”…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read this conversation: {exc}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select a conversation to export.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No conversation is shown.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This Parley cannot export {value} yet; use JSON.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exporting to {path}…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exported to {written}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot export to {path}: {exc}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select a conversation to verify.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The record is intact: {count} events checked.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The record does not verify: event {event} — {reason} ({count} events checked).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Verify record</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot verify: {exc}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select a conversation to delete.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete conversation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete “{value}” and all of its {turns} turns? This cannot be undone.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deleted “{title}” ({count} events).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot delete: {exc}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ImportDialog</name>
    <message>
        <source>Import MCP servers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Configuration to import</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose file…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose a configuration file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What will be imported</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Paste the contents of claude_desktop_config.json, Cursor&apos;s mcp.json or VS Code&apos;s mcp.json, or choose the file. Secret values (keys, tokens) go to the system keyring, never to Parley&apos;s settings file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MCP configuration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read {path}: {exc}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing to import: {exc}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>KeySource</name>
    <message>
        <source>env {variable}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>keyring</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Keyring</name>
    <message>
        <source>no system keyring is available ({problem}); set the key in an environment variable instead</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the system keyring ({backend})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the system keyring (unavailable)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{store} did not keep the key for {provider!r}; set the key in an environment variable instead</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an empty key cannot be stored</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the keyring library failed to start: {detail}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the system keyring ({backend}) could not read the key: {detail}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the system keyring ({backend}) could not store the key: {detail}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the system keyring ({backend}) could not delete the key: {detail}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no keyring backend was found; on Linux a Secret Service such as GNOME Keyring or KWallet must be running in the desktop session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>only backends that keep keys in plain files were found ({names})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the configured backend {backend} would keep keys in a plain file or nowhere, which Parley refuses</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Knowledge</name>
    <message>
        <source>added</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>updated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>removed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unchanged</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{text}; {chunks:,} chunks indexed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{text}; {over_cap:,} files past the limit of {limit:,} were left out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stopped: {text}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the knowledge folder {root} does not exist or is not a folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the knowledge folder {root} cannot be read ({detail})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the knowledge folder {folder} is already being indexed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name} is an image; a knowledge folder indexes text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the {api} embeddings endpoint {url} did not answer in time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the {api} embeddings endpoint {url} could not be reached ({error})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the {api} embeddings endpoint {url} answered HTTP {status}: {detail} (model {model})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name} ({kind}) has no embeddings endpoint; pick an OpenAI-compatible, Ollama or Gemini provider for embeddings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name} has {chars:,} characters; the index takes at most {limit:,} per document</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name} would make more than {limit:,} chunks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name} was indexed for word search only: {problem}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not empty the index: {exc}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>KnowledgeController</name>
    <message>
        <source>Knowledge folder of {name}: {message}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>KnowledgeNotices</name>
    <message>
        <source>A project</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Knowledge folder indexed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Indexing did not finish</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>LanguagePicker</name>
    <message>
        <source>&amp;Language</source>
        <translation>ال&amp;لغة</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>اللغة</translation>
    </message>
    <message>
        <source>System language</source>
        <translation>لغة النظام</translation>
    </message>
    <message>
        <source>Parley shows this language the next time it starts.</source>
        <translation>سيعرض Parley هذه اللغة في المرة القادمة التي يبدأ فيها.</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Parley</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Markdown</name>
    <message>
        <source>Copy</source>
        <translation>نسخ</translation>
    </message>
</context>
<context>
    <name>McpClaims</name>
    <message>
        <source>read-only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>may change things</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>destructive</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not destructive</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>idempotent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reaches outside (open world)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>closed world</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no claims</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>McpError</name>
    <message>
        <source>MCP server {server!r}: {message}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the MCP client is closed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the call was cancelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no answer within {seconds:g} s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no answer in time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{error} (it failed to start {waited:.0f} s ago; Parley tries again {retry:g} s after a failed start)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot open its log: {error}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>did not finish starting within {seconds:g} s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>start interrupted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the secret {what} is not set (keyring)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>variable {name}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>header {name}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot run {command!r}: {error}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the session was stopped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the server refused to start a session: {error}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>could not connect: {kind}: {error}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>OAuth is for HTTP servers, not stdio</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no command configured</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no URL configured</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the server exited with code {code} (see its log)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the server closed its output (see its log)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the connection closed (see its log)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the server answered an error: {error}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>McpNotice</name>
    <message>
        <source>MCP server &apos;{name}&apos; is not configured any more; its tools are not offered.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not use MCP server &apos;{name}&apos;: {error}. Fix it in Settings → MCP servers; the turn goes on without its tools.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MCP server &apos;{name}&apos; is turned off in Settings; its tools are not offered.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MCP server &apos;{name}&apos; could not list its tools ({error}); the turn goes on without them. Its log: {log}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tool {tool} of MCP server {server} timed out after {seconds:g} s. Its log: {log}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MCP server {server} failed on {tool}: {error}. Its log: {log}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>McpPromptDialog</name>
    <message>
        <source>Prompt {shown}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Arguments of the prompt {shown}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name} — a prompt of the MCP server {server}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>* required</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Prompt arguments error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use prompt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fill in {names}: the server needs them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fill in {names}: the server needs it.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>McpPromptsController</name>
    <message>
        <source>No prompts from {name}: {message}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{text} is not offered in this conversation any more (its server was turned off or changed).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Getting the prompt {command}…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not use {command}: MCP server {name!r} returned an empty prompt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not use {command}: MCP server {name!r} returned a prompt of {n_text:,} characters, more than the {MAX_PROMPT_CHARS:,} the prompt box takes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not use {command}: {message}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>McpResourcePicker</name>
    <message>
        <source>Attach from an MCP server</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attach resources from MCP servers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filter by name, URI or description</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filter resources</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Resources</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attach</source>
        <translation>إرفاق</translation>
    </message>
    <message>
        <source>Could not list the resources of MCP server &apos;{server}&apos;: {reason}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{line} Its log: {where}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No MCP server is chosen for this conversation (Tools → MCP servers).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading… (waiting for {servers})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>These servers offer no resources.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>McpServersPage</name>
    <message>
        <source>Command on this computer (stdio)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Streamable HTTP (a URL)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Legacy HTTP + SSE (old servers)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Default</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ask</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deny</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tool</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What the server claims</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Policy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{detail}
Failed: {error}
Log: {log}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{detail}
Failed: {error}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MCP servers</source>
        <translation>خوادم MCP</translation>
    </message>
    <message>
        <source>Add server</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add MCP server</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>إزالة</translation>
    </message>
    <message>
        <source>Remove MCP server</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import MCP servers from another app</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Problems in the settings file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Server name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>e.g. github</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Transport</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Enabled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Server enabled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Command</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>e.g. npx, uvx, node, /path/to/server</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Arguments</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>e.g. -y @modelcontextprotocol/server-github</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Working folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>optional</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Environment variables</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NAME=value, one per line (no secrets here)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Server URL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>https://example.com/mcp</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HTTP headers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name: value, one per line (no secrets here)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sign in with OAuth</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>OAuth sign-in state</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sign out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sign out of the server (forget its OAuth tokens)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Secrets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Secret name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Secret value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>value (hidden; kept in the keyring)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set the secret</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove secret</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove the selected secret</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time limit in seconds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tools the server offers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Test connection</source>
        <translation>اختبار الاتصال</translation>
    </message>
    <message>
        <source>Test result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save</source>
        <translation>حفظ</translation>
    </message>
    <message>
        <source>Save server</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Server save result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Server</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name</source>
        <translation>الاسم</translation>
    </message>
    <message>
        <source>Lower-case letters, digits, &apos;-&apos; or &apos;_&apos;. Tools are named mcp__NAME__TOOL for the model.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How Parley talks to it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A server that is off offers no tools anywhere.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The program that runs the server.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>As in a shell: quote an argument with spaces.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The folder it starts in.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Environment</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only these variables (and the secrets below) are passed, not your whole environment.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Address</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>URL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The server&apos;s endpoint (http:// or https://).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Headers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sent with every request.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>For a server that asks you to sign in: your browser opens the first time it is used (or tested), and the tokens go to the system keyring, never to a file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Variables (stdio) or headers (HTTP) whose values are kept in the system keyring, never in a file. Values are written when you save (or test the connection).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Limits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time limit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A call that takes longer is stopped.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tools and policies</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What the server says about a tool is a claim: it never lowers what Parley asks. Policy: Run without asking, Ask each time, Deny always, or Default (from the claims, never below your tool setting). “Always for this tool” in a permission prompt is stored here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No MCP client is available in this Parley.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not usable until fixed: {problem}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>variable, e.g. GITHUB_TOKEN</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>header, e.g. Authorization</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Signed in: the tokens are in the system keyring.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not signed in: your browser opens when the server is first used.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save, then use or test the server to sign in.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>new value, written when you save</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stored in the keyring</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no value yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A secret needs a name and a value.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A server named {name!r} exists already.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved {name!r}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not saved: {exc}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not removed: {exc}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove {name!r} and its secrets in the keyring?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not changed: {exc}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{unavailable_reason}. The configuration holds secrets, so nothing was imported.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Imported {count} server(s): {names}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Imported {count} server(s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not imported: {exc}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, protocol {version}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> to {who}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connected{value}{version}: {n_tools} tool(s).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{text} (log: {log})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failed: {text}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connecting… (sign in in your browser if it opens)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connecting…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Signed out of {name!r} (no keyring: nothing was stored).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Signed out of {name!r}: its tokens were deleted from the keyring.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name!r} had no sign-in stored.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not signed out: {exc}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Policy for {tool}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>McpSettings</name>
    <message>
        <source>a stdio server needs a command to start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a stdio server takes a command, not a URL, headers or OAuth</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an {transport} server takes a URL, not a command, arguments, environment or folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the value of {variable} looks like a secret; name it as a secret variable (its value goes to the system keyring, never to the settings file)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>header {header} carries a credential; name it as a secret header (its value goes to the system keyring, never to the settings file)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{what} {name!r} is given twice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name!r} is not a valid environment variable name (letters, digits and &apos;_&apos;, not starting with a digit)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name!r} is not a valid HTTP header name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an HTTP or SSE server needs a URL (http:// or https://)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>URL {url!r} is malformed ({detail})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>URL {url!r} must start with http:// or https:// and name a host</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the URL must not contain a user name or password; put credentials in a secret header</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the URL must not contain spaces</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MenuController</name>
    <message>
        <source>Commands: /skill NAME and /agent NAME add a skill&apos;s rules or an agent&apos;s persona to this message; /model NAME switches the model for the next message; /new starts a new conversation (/clear does the same; the current one is kept); /compact summarises the earlier messages so the conversation takes less of the model&apos;s window (nothing is deleted); //text sends text starting with &apos;/&apos;. Ctrl+/ lists the keyboard shortcuts.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Send with &amp;Enter (Shift+Enter for a new line)</source>
        <translation>الإرسال بمفتاح &amp;Enter (Shift+Enter لسطر جديد)</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;ملف</translation>
    </message>
    <message>
        <source>&amp;New chat</source>
        <translation>&amp;محادثة جديدة</translation>
    </message>
    <message>
        <source>&amp;Quick switch…</source>
        <translation>تبديل &amp;سريع…</translation>
    </message>
    <message>
        <source>&amp;Attach files…</source>
        <translation>إ&amp;رفاق ملفات…</translation>
    </message>
    <message>
        <source>&amp;Settings…</source>
        <translation>الإ&amp;عدادات…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;خروج</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>ت&amp;حرير</translation>
    </message>
    <message>
        <source>&amp;Undo delete</source>
        <translation>ترا&amp;جع عن الحذف</translation>
    </message>
    <message>
        <source>Copy last &amp;answer</source>
        <translation>نسخ آخر إ&amp;جابة</translation>
    </message>
    <message>
        <source>&amp;Edit last message</source>
        <translation>تحرير آ&amp;خر رسالة</translation>
    </message>
    <message>
        <source>&amp;Regenerate last answer</source>
        <translation>إعادة &amp;توليد آخر إجابة</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;عرض</translation>
    </message>
    <message>
        <source>&amp;Theme</source>
        <translation>ال&amp;سمة</translation>
    </message>
    <message>
        <source>Follow the system</source>
        <translation>مثل النظام</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>فاتح</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>داكن</translation>
    </message>
    <message>
        <source>High contrast</source>
        <translation>تباين عالٍ</translation>
    </message>
    <message>
        <source>Zoom &amp;in</source>
        <translation>ت&amp;كبير</translation>
    </message>
    <message>
        <source>Zoom &amp;out</source>
        <translation>ت&amp;صغير</translation>
    </message>
    <message>
        <source>&amp;Reset zoom</source>
        <translation>الحجم ال&amp;عادي</translation>
    </message>
    <message>
        <source>&amp;Sidebar</source>
        <translation>الشريط ال&amp;جانبي</translation>
    </message>
    <message>
        <source>Histor&amp;y</source>
        <translation>السج&amp;ل</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>ت&amp;صفح…</translation>
    </message>
    <message>
        <source>&amp;Find conversation</source>
        <translation>ال&amp;بحث عن محادثة</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>م&amp;ساعدة</translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts</source>
        <translation>اختصارات &amp;لوحة المفاتيح</translation>
    </message>
    <message>
        <source>&amp;Commands</source>
        <translation>الأ&amp;وامر</translation>
    </message>
</context>
<context>
    <name>MessageActions</name>
    <message>
        <source>Message copied</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Message copied as text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Message actions</source>
        <translation>إجراءات الرسالة</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>نسخ</translation>
    </message>
    <message>
        <source>Copy as text</source>
        <translation>نسخ كنص</translation>
    </message>
    <message>
        <source>Regenerate</source>
        <translation>إعادة التوليد</translation>
    </message>
    <message>
        <source>Edit</source>
        <translation>تحرير</translation>
    </message>
    <message>
        <source>Code copied</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MessageToolbar</name>
    <message>
        <source>Message actions</source>
        <translation>إجراءات الرسالة</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>نسخ</translation>
    </message>
    <message>
        <source>Copy the message (Markdown)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy as text</source>
        <translation>نسخ كنص</translation>
    </message>
    <message>
        <source>Copy the message as plain text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Regenerate</source>
        <translation>إعادة التوليد</translation>
    </message>
    <message>
        <source>Ask for another answer (the current one is kept as a branch)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Edit</source>
        <translation>تحرير</translation>
    </message>
    <message>
        <source>Edit this message and send it as a new branch</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ModelPicker</name>
    <message>
        <source>Choose a model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{model} on {provider} — the model for the next message</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{model} on {provider}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>    Other model…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type the id of any model {provider} serves</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Other model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model id on {provider}:</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>NoticeBanner</name>
    <message>
        <source>Notice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dismiss</source>
        <translation>إغلاق</translation>
    </message>
</context>
<context>
    <name>OpenStoreDialog</name>
    <message>
        <source>Open a team store</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Team store address</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>postgresql://you@host:5432/team</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>For example {EXAMPLE}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Password on the team store</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Empty: the one kept in the keyring</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remember in the keyring</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep the password in the system keyring for this address (never in a file)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your own role on the store: an operator reads everyone&apos;s conversations, a member their own. Nothing is written to the store.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Team store address error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Address</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Password</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>type the store&apos;s address</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The address: {problem}.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PermissionDialog</name>
    <message>
        <source>the turn&apos;s output folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the workspace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Allow this action?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing runs until you choose. Deny is the default (Enter or Esc).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Arguments</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Command</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Runs in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Server and tool</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MCP tool</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What the server claims</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Claims</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Effect: {words}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rule {rule}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Effect</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sandbox</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Allow once</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Allow for this conversation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This tool, in this conversation, until Parley closes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This exact command only, until Parley closes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Always allow this tool</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stored in Settings → MCP servers, where you can change it back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deny</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PermissionPrompt</name>
    <message>
        <source>Harmless</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Contained</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown effect</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dangerous</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Refused</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The server says nothing about what this tool does.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The server says: {claims}. Parley cannot check this.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PricesPage</name>
    <message>
        <source>Model pattern</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Provider</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Input $/Mtok</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Output $/Mtok</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Estimated cost per million tokens. A pattern is an exact model name or a glob (gpt-4.1*); a row with a provider beats one without; an exact name beats a glob. Estimates ignore cached-input and batch discounts.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Prices result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read prices: {exc}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The built-in prices are shown; Save to use them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved {n_prices} price rows.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not saved: {exc}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Row {row}, {column}: {problem}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Row {row}: {problem}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Row {row} repeats row {first} ({pattern})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not saved. {problems}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a model name or pattern is needed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a price is needed (0 for free)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{text!r} is not a whole number of tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a context window size is needed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{tokens} tokens is too small (at least {minimum})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{tokens} is more than the context window ({context})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Context tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Max output</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ProjectsPage</name>
    <message>
        <source>Automatic (ask only for risky actions)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ask before every action</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All tools (read, write, run)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Read-only tools</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No tools</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Projects</source>
        <translation>المشاريع</translation>
    </message>
    <message>
        <source>New</source>
        <translation>جديد</translation>
    </message>
    <message>
        <source>New project</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>حذف</translation>
    </message>
    <message>
        <source>Delete project</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Project name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Project name error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Workspace folder</source>
        <translation>مجلد العمل</translation>
    </message>
    <message>
        <source>optional: the folder the tools work in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose the workspace folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Workspace folder error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shared instructions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>optional: instructions every conversation of this project starts with</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Default provider</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Default model</source>
        <translation>النموذج الافتراضي</translation>
    </message>
    <message>
        <source>optional: a model of that provider</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gate mode</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tools</source>
        <translation>الأدوات</translation>
    </message>
    <message>
        <source>MCP servers enabled for this project</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No MCP servers are configured: add them under Settings → MCP servers.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save</source>
        <translation>حفظ</translation>
    </message>
    <message>
        <source>Save project</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Project save result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Project</source>
        <translation>المشروع</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>الاسم</translation>
    </message>
    <message>
        <source>Shown in the sidebar and the project picker.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Workspace</source>
        <translation>مجلد العمل</translation>
    </message>
    <message>
        <source>The folder the tools read, write and run in.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Instructions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sent at the start of every conversation of this project.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Defaults</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What a new chat in this project starts on.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>When Parley asks before an action.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What the model may do in the workspace.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MCP servers</source>
        <translation>خوادم MCP</translation>
    </message>
    <message>
        <source>The servers whose tools this project&apos;s conversations are offered (a server switched off in Settings → MCP servers offers none).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A project needs a name.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{folder} is not an existing folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved project {name!r}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not saved: {exc}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not deleted: {exc}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Window&apos;s choice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{current} (not configured)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name} (not configured)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete the project {text!r}? Its files stay.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Knowledge folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>optional: a folder of documents every turn of this project may be answered from</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose the knowledge folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clear</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clear the knowledge folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Knowledge folder error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Indexed files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Chunks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Status</source>
        <translation>الحالة</translation>
    </message>
    <message>
        <source>Knowledge folder totals</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Index now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Index the knowledge folder now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>إلغاء</translation>
    </message>
    <message>
        <source>Cancel indexing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Indexing progress</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Indexing status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Knowledge folders need the knowledge index, which is not available.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Knowledge</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Parley indexes its documents (PDF, Word, Excel, PowerPoint, text, code; not images or hidden files) and answers this project&apos;s turns from them. It looks for changes every 30 seconds while the window is open.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Indexed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read the index: {exc}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save the project first: the folder has changed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose a knowledge folder first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stopping…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>indexed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{count:,} files · {size} · {chunks:,} chunks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{errors:,} not indexed (see Status)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing indexed yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No knowledge folder.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Indexing: looking at the folder…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Indexing {value:,} of {total:,}: {name}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Indexing: {done:,} of {total:,} read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not indexed: {message}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Removed {count:,} files from the index.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ProviderEditor</name>
    <message>
        <source>no system keyring: use Key variable below</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Disabled: {keyring_problem}. Name an environment variable under Key variable.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{reason}. Set {variable} before starting Parley and name it under Key variable.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an environment variable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>paste it above (it is kept in the system keyring)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{reason}; set {variable} before starting Parley and name it under Key variable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name!r} needs an API key: {where}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Key: {source}</source>
        <translation>المفتاح: {source}</translation>
    </message>
    <message>
        <source>Saved {name!r}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saving…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Testing…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fetching models…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>give the provider a name</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ProviderError</name>
    <message>
        <source>{summary} (HTTP {status}): {message}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The provider refused the request</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The provider rejected the API key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The API key may not use this model or endpoint</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The provider does not know this model or endpoint</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The provider is rate limiting requests</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The account is out of quota or credit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The provider is overloaded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The conversation is too long for this model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The provider&apos;s content policy refused the request</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The provider rejected the request as invalid</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The provider had a server error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (content type {content_type}, not an event stream)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>before message_stop: it may be cut short</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the system keyring (entry {name!r})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nowhere it knows of</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>provider {name!r} needs an API key and none was found (looked in: {looked}). {problem}: {variable}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>provider {name!r} needs an API key and none was found (looked in: {looked}). {problem}: name one with: parley providers add {entry} --replace --api-key-env VAR ...</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>provider {name!r} needs an API key and none was found (looked in: {looked}); store one with: parley providers set-key {entry}, or set the environment variable {variable}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>provider {name!r} needs an API key and none was found (looked in: {looked}); store one with: parley providers set-key {entry}, or name an environment variable with --api-key-env</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>provider {name!r} has an unknown kind {kind!r}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>provider {name!r} uses the kind {kind!r}, which this installation of Parley cannot speak ({error})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no provider is configured; {hint}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>before Gemini said it was finished (no finishReason); it may be cut short</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gemini blocked the prompt ({reason}) and returned no answer.{details}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gemini stopped this answer ({reason}) and returned no text.{details}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> Gemini said: {message}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> Blocked category: {categories}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> Gemini said: {message} Blocked category: {categories}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no details given</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the server sent an HTML page</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{reason} (the server sent an HTML page)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the provider stopped responding: no data from {host} for {seconds:g} s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the API key or an extra header contains characters that cannot be sent in an HTTP header (a line break, for instance)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unusable provider URL {url}: {cause}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>could not connect to {url} within {seconds:g} s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>secure connection to {host} failed: {cause}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>could not connect to {url}: {cause}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>request to {url} failed: {kind}: {error}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the server closed the connection</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the connection to {host} dropped before the answer began: {reason}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the connection to {host} broke before the answer was complete: {reason}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{host} sent an empty answer{hint}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the answer from {host} ended{where} {lacks}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> in the middle of {item}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (content type was {content_type}, not an event stream)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the provider base URL {url!r} is not an http(s) URL (expected something like {example})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no model chosen for {where}: the request names none and the provider has no default model{hint}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this provider</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{host} answered /{path} with something other than a model list</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{host} answered /{path} with something other than a model list: {detail}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{host} reported an error during the answer: {message}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>before the answer was complete; it may be cut short</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an event</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>is Ollama running there? Start it with `ollama serve` (or the Ollama app), or check the base URL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{error} — {hint}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{detail} — is the model name right? To download it, run `ollama pull {model}` on the machine that runs Ollama</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{detail} — is {base_url} the root of an Ollama server (like http://localhost:11434, without /v1)?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (content type {content_type})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (content type was {content_type}, not {expected})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>before its final done:true line; it may be cut short</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (see `ollama list` for the local ones)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>before [DONE]; it may be cut short</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (content type {content_type}; does it support streaming?)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ProviderForm</name>
    <message>
        <source>Preset</source>
        <translation>إعداد مسبق</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>الاسم</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>النوع</translation>
    </message>
    <message>
        <source>Base URL</source>
        <translation>عنوان URL الأساسي</translation>
    </message>
    <message>
        <source>API key</source>
        <translation>مفتاح API</translation>
    </message>
    <message>
        <source>optional: environment variable with the key</source>
        <translation>اختياري: متغير بيئة يحمل المفتاح</translation>
    </message>
    <message>
        <source>Key variable</source>
        <translation>متغير المفتاح</translation>
    </message>
    <message>
        <source>Default model</source>
        <translation>النموذج الافتراضي</translation>
    </message>
    <message>
        <source>Fetch models</source>
        <translation>جلب النماذج</translation>
    </message>
    <message>
        <source>Test</source>
        <translation>اختبار</translation>
    </message>
    <message>
        <source>Test connection</source>
        <translation>اختبار الاتصال</translation>
    </message>
    <message>
        <source>Send a tiny request with what the form shows (nothing is saved)</source>
        <translation>إرسال طلب صغير بما يعرضه النموذج (لا يُحفظ شيء)</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>حفظ</translation>
    </message>
    <message>
        <source>Provider result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connection</source>
        <translation>الاتصال</translation>
    </message>
    <message>
        <source>Fills in the address, key variable and a model.</source>
        <translation>يملأ العنوان ومتغير المفتاح ونموذجًا.</translation>
    </message>
    <message>
        <source>How the model picker names this provider.</source>
        <translation>الاسم الذي يظهر به هذا المزوّد في منتقي النماذج.</translation>
    </message>
    <message>
        <source>The wire format; a preset fixes it.</source>
        <translation>صيغة الاتصال؛ يحددها الإعداد المسبق.</translation>
    </message>
    <message>
        <source>The API&apos;s root, e.g. https://api.openai.com/v1</source>
        <translation>جذر واجهة API، مثل https://api.openai.com/v1</translation>
    </message>
    <message>
        <source>A key you paste is kept in the system keyring, never in a file, and never shown again; or name an environment variable that holds it.</source>
        <translation>يُحفظ المفتاح الذي تلصقه في حلقة مفاتيح النظام، لا في ملف، ولا يُعرض مرة أخرى؛ أو سمِّ متغير بيئة يحمله.</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>النموذج</translation>
    </message>
    <message>
        <source>New chats with this provider start on it. Fetch models lists what the server offers.</source>
        <translation>تبدأ المحادثات الجديدة مع هذا المزوّد به. يعرض «جلب النماذج» ما يقدمه الخادم.</translation>
    </message>
    <message>
        <source>Custom (OpenAI-compatible)</source>
        <translation>مخصص (متوافق مع OpenAI)</translation>
    </message>
    <message>
        <source>leave empty to keep the current key</source>
        <translation>اتركه فارغًا للإبقاء على المفتاح الحالي</translation>
    </message>
    <message>
        <source>{n_models} model(s) available.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>optional for local servers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>paste the key: it is kept in the system keyring</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not needed for a local server</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ProviderKind</name>
    <message>
        <source>OpenAI-compatible</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Anthropic Messages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ollama (native)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Google Gemini</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ProviderProbe</name>
    <message>
        <source>FAILED · {kind}: {error}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>OK · first token in {first:.0f} ms · total {total:.0f} ms · model {model}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>OK · no text in the answer{ended} · total {total:.0f} ms · model {model}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (finish reason: {reason})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no model to test with</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no complete answer within {seconds:g} s</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ProviderSettings</name>
    <message>
        <source>provider name {name!r} may contain only letters, digits, &apos;.&apos;, &apos;_&apos; and &apos;-&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>provider {name!r}: api_key_env looks like an API key itself; give the NAME of the environment variable that holds the key (for example OPENAI_API_KEY) - keys are never stored in the settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>provider {name!r}: api_key_env {env!r} is not a valid environment variable name (letters, digits and &apos;_&apos;, not starting with a digit)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>provider {name!r}: a base URL is required (http:// or https://)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>provider {name!r}: base URL {url!r} is malformed ({detail})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>provider {name!r}: base URL {url!r} has an empty port after &apos;:&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>provider {name!r}: base URL {url!r} must start with http:// or https:// and name a host</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>provider {name!r}: base URL must not contain a user name or password; keys are never stored in the settings (use api_key_env)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>provider {name!r}: base URL must not contain a query or fragment (&apos;?&apos;, &apos;#&apos;)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>provider {name!r}: base URL must not contain spaces</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ProvidersPage</name>
    <message>
        <source>Providers</source>
        <translation>المزوّدون</translation>
    </message>
    <message>
        <source>Add provider</source>
        <translation>إضافة مزوّد</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>إزالة</translation>
    </message>
    <message>
        <source>Remove provider</source>
        <translation>إزالة المزوّد</translation>
    </message>
    <message>
        <source>Provider details</source>
        <translation>تفاصيل المزوّد</translation>
    </message>
    <message>
        <source>{unavailable_reason}. Keys are read from environment variables only (name the variable under Key variable).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{base_url}
key: {source}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Key: {source}</source>
        <translation>المفتاح: {source}</translation>
    </message>
    <message>
        <source>Remove {name!r} and its stored key?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot remove: {exc}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>QuickAskWindow</name>
    <message>
        <source>Quick ask — Parley</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ask anything…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Question</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Answer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>نسخ</translation>
    </message>
    <message>
        <source>Open in Parley</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the default model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{model} · Enter sends · Esc closes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Opening your profile…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No provider yet: add one in Parley&apos;s Settings → Providers.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Commands work in Parley&apos;s window; here, just ask.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{model} is answering…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Quick ask: {model} answered</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copied.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>QuickSwitcher</name>
    <message>
        <source>Go to conversation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type to find a conversation by title or content</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Find a conversation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Matching conversations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{shown}
last activity {local_time}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{n_matches} by title; searching content…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recent conversations</source>
        <translation>المحادثات الأخيرة</translation>
    </message>
    <message>
        <source>{titles} by title, {added} more by content</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Content search failed: {value}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ResourceChip</name>
    <message>
        <source>MCP resource {title}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove {title}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SamplingDialog</name>
    <message>
        <source>Let an MCP server use your model?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{server} asks your model to answer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing is sent until you allow it. The answer goes back to the server, not to the conversation. Deny is the default (Enter or Esc).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no model is configured</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model</source>
        <translation>النموذج</translation>
    </message>
    <message>
        <source>at most {max_tokens} tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Length</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Asked for</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>System prompt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Messages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Allow once</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deny</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ScheduledController</name>
    <message>
        <source>&amp;Scheduled tasks…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Scheduled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scheduled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tasks run on time even while Parley is closed ({what}).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tasks run while this window is open. The operating system&apos;s timer is not on: {why}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scheduled task “{name}” is running…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a removed task</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>completed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>timed out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>was cancelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>was interrupted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>could not start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>was missed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scheduled task “{name}” {status}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Its conversation is in the Scheduled section.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ScheduledPage</name>
    <message>
        <source>Scheduled tasks — Parley</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scheduled tasks</source>
        <translation>المهام المجدولة</translation>
    </message>
    <message>
        <source>Add task…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Turn off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>إزالة</translation>
    </message>
    <message>
        <source>Task</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Schedule</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Status</source>
        <translation>الحالة</translation>
    </message>
    <message>
        <source>No scheduled tasks yet. Add one to have a prompt run on a schedule — every weekday at 8, every hour — even while this window is closed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>When</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cost</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Note</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open conversation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>never</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{n} action(s) refused</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(removed)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>running…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>completed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>timed out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>interrupted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>missed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not started</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>on time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>caught up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>by hand</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Turn on</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove scheduled task</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove “{name}”? It will not run again; its past runs and their conversations stay.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Schedules</name>
    <message>
        <source>the project {project!r} no longer exists</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the task offers tools but its workspace {workspace} is not a folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the provider {provider!r} is no longer configured</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no provider is configured (parley providers add)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the prompt holds only commands; a task needs a message to send</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>missed while nothing was running (the task does not catch up)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the operating system&apos;s timer is written only on Linux (systemd); on macOS and Windows see docs/user-guide/scheduled-tasks.md (launchd, Task Scheduler). Until then tasks run while Parley&apos;s window is open.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the timer&apos;s units are written ({folder}) but systemd could not turn them on: {problem}. In a desktop session run: systemctl --user daemon-reload &amp;&amp; systemctl --user enable --now {unit}.timer — until then tasks run only while Parley&apos;s window is open.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the systemd user timer {unit}.timer is on</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no timer was installed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the timer&apos;s files are removed; systemd said: {problem}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the systemd user timer {unit}.timer is removed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no systemd user timer is installed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the timer is written but not active ({problem})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{unit}.timer is active</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>systemctl is not installed</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SessionSearch</name>
    <message>
        <source>Search conversations ({keys_for})</source>
        <translation>البحث في المحادثات ({keys_for})</translation>
    </message>
    <message>
        <source>Search</source>
        <translation>بحث</translation>
    </message>
    <message>
        <source>Titles and content; Esc clears</source>
        <translation>العناوين والمحتوى؛ Esc يمسح</translation>
    </message>
    <message>
        <source>(untitled)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(title matches)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>last activity {time} UTC</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SettingsController</name>
    <message>
        <source>Cannot read settings: {exc}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No project</source>
        <translation>بلا مشروع</translation>
    </message>
    <message>
        <source>Cannot read skills: {exc}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>switch to {model} ({provider})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start a new conversation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start a new conversation (the current one is kept)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What the commands do</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Summarise the earlier messages to make room in the context</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <source>Providers</source>
        <translation>المزوّدون</translation>
    </message>
    <message>
        <source>Where answers come from: cloud services and servers on this computer. Keys are kept in the system keyring, never in a file.</source>
        <translation>مصدر الإجابات: خدمات سحابية وخوادم على هذا الحاسوب. تُحفظ المفاتيح في حلقة مفاتيح النظام، ولا تُكتب في ملف أبدًا.</translation>
    </message>
    <message>
        <source>Skills &amp; Agents</source>
        <translation>المهارات والوكلاء</translation>
    </message>
    <message>
        <source>Markdown files that give the model rules (skills) or a persona (agents). Use them with /skill NAME and /agent NAME.</source>
        <translation>ملفات Markdown تعطي النموذج قواعد (مهارات) أو شخصية (وكلاء). استخدمها مع ‎/skill الاسم و‎/agent الاسم.</translation>
    </message>
    <message>
        <source>Projects</source>
        <translation>المشاريع</translation>
    </message>
    <message>
        <source>A workspace folder, shared instructions, a default model and tool permissions under one name.</source>
        <translation>مجلد عمل وتعليمات مشتركة ونموذج افتراضي وأذونات أدوات تحت اسم واحد.</translation>
    </message>
    <message>
        <source>Prices</source>
        <translation>الأسعار</translation>
    </message>
    <message>
        <source>The price table behind the estimated cost shown under each answer.</source>
        <translation>جدول الأسعار الذي تُحسب منه التكلفة التقديرية المعروضة تحت كل إجابة.</translation>
    </message>
    <message>
        <source>MCP servers</source>
        <translation>خوادم MCP</translation>
    </message>
    <message>
        <source>Tools from Model Context Protocol servers: programs on this computer or services on the web. Every call goes through Parley&apos;s permission checks.</source>
        <translation>أدوات من خوادم Model Context Protocol: برامج على هذا الحاسوب أو خدمات على الويب. يمر كل استدعاء عبر فحوص الأذونات في Parley.</translation>
    </message>
    <message>
        <source>Context &amp; knowledge</source>
        <translation>السياق والمعرفة</translation>
    </message>
    <message>
        <source>How long conversations are summarised, and how large documents and projects&apos; knowledge folders are searched for each turn.</source>
        <translation>كيف تُلخَّص المحادثات الطويلة، وكيف يُبحث في المستندات الكبيرة ومجلدات معرفة المشاريع في كل دور.</translation>
    </message>
    <message>
        <source>Team</source>
        <translation>الفريق</translation>
    </message>
    <message>
        <source>Sync this computer&apos;s history with your team&apos;s store, in the background. This computer keeps working offline; the password is kept in the system keyring.</source>
        <translation>مزامنة سجل هذا الحاسوب مع مخزن فريقك في الخلفية. يواصل هذا الحاسوب العمل دون اتصال؛ وتُحفظ كلمة المرور في حلقة مفاتيح النظام.</translation>
    </message>
    <message>
        <source>Desktop</source>
        <translation>سطح المكتب</translation>
    </message>
    <message>
        <source>Parley in the system tray, and Quick ask: one question from anywhere, with a key chord or the command parley quick.</source>
        <translation>Parley في علبة النظام، والسؤال السريع: سؤال واحد من أي مكان، باختصار مفاتيح أو بالأمر parley quick.</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>الإعدادات</translation>
    </message>
    <message>
        <source>Settings pages</source>
        <translation>صفحات الإعدادات</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>إغلاق</translation>
    </message>
</context>
<context>
    <name>Shortcuts</name>
    <message>
        <source>Send</source>
        <translation>إرسال</translation>
    </message>
    <message>
        <source>Send the prompt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start a new line in the prompt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>إيقاف</translation>
    </message>
    <message>
        <source>Stop the answer being written (the partial answer is kept)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New conversation</source>
        <translation>محادثة جديدة</translation>
    </message>
    <message>
        <source>Start a new conversation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Quick switch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Jump to a conversation by its title</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Find conversation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Search all conversations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>History</source>
        <translation>السجل</translation>
    </message>
    <message>
        <source>Browse, verify and export the history</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>الإعدادات</translation>
    </message>
    <message>
        <source>Providers, keys and preferences</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy last answer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy the last answer to the clipboard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Edit last message</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Edit your last message (Up in an empty prompt); sending starts a new branch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attach files</source>
        <translation>إرفاق ملفات</translation>
    </message>
    <message>
        <source>Choose files to attach to the prompt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Toggle sidebar</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show or hide the conversation list</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zoom in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Make the text larger</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zoom out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Make the text smaller</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reset zoom</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Back to the normal text size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show shortcuts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This list of keyboard shortcuts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rename conversation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rename the selected conversation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete conversation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete the selected conversation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Undo delete</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bring back the conversation just deleted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Message actions</source>
        <translation>إجراءات الرسالة</translation>
    </message>
    <message>
        <source>Copy, regenerate or edit the message at the cursor (also the Menu key)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Quit Parley</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ShortcutsDialog</name>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>اختصارات لوحة المفاتيح</translation>
    </message>
    <message>
        <source>Filter shortcuts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Action</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keys</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> or </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No shortcut matches.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SidebarController</name>
    <message>
        <source>Cannot search: {message}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not save the change: {message}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop the running answer before switching conversations.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Duplicated as “{title}”.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop the running answer before deleting this conversation.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deleted “{value}”.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The conversation is back.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SkillsPage</name>
    <message>
        <source>Skills</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Agents</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>النوع</translation>
    </message>
    <message>
        <source>Skills and agents</source>
        <translation>المهارات والوكلاء</translation>
    </message>
    <message>
        <source>New</source>
        <translation>جديد</translation>
    </message>
    <message>
        <source>New skill or agent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>حذف</translation>
    </message>
    <message>
        <source>Delete skill or agent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open the folder of these files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name</source>
        <translation>الاسم</translation>
    </message>
    <message>
        <source>lower-case, e.g. code-review</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Description</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>one line: what it is for</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Text (Markdown)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The rules or the persona, in Markdown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Text error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save</source>
        <translation>حفظ</translation>
    </message>
    <message>
        <source>Save skill or agent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Some files could not be used:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Files that could not be used</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Document</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lower-case words joined by hyphens; it is the file&apos;s name.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>One line, shown in / completion.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Markdown: the rules (a skill) or the persona (an agent).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Skills and agents are not available in this profile.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved {kind} {name!r}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{exc}; choose another name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not saved: {exc}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deleted {kind} {name!r}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete {kind}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete the {kind} {name!r}?</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>StorePicker</name>
    <message>
        <source>History store</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Whose history to browse: this computer&apos;s, or a team store&apos;s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This computer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>History store error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a team store…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>StoreSwitch</name>
    <message>
        <source>No team store is set up (Settings → Team).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Opening the team store…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot open the team store: {exc}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This window cannot open a team store.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Opened; {note}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not opened — {exc}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Sync</name>
    <message>
        <source>server event {server_id} (from device {device}, #{seq}) of conversation {sid}: {problem}; nothing more of this conversation is accepted from the team store</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the server sent no payload text to verify</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>payload changed: the event&apos;s content does not match its hash</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>link broken: the event does not follow the one before it in the server&apos;s chain (an event removed, inserted or reordered)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unreadable payload ({detail})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the event sent differs from the payload text the server hashed</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SyncIndicator</name>
    <message>
        <source>Team sync status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Quarantined conversations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{action} syncing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Try syncing again now</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TeamAccess</name>
    <message>
        <source>the password was not kept: {exc}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TeamConnection</name>
    <message>
        <source>the system keyring</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>memory until Parley quits (no system keyring)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this installation of Parley cannot reach a team store</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the team store&apos;s address: {problem}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this profile&apos;s history is open read-only: it cannot sync</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it must start with postgresql://</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it must name the member, as postgresql://NAME@host/database</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it must not carry a password (Parley keeps it in the system keyring)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it must name the database, as postgresql://NAME@host/database</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TeamPage</name>
    <message>
        <source>pushed {pushed} and pulled {pulled} events</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>None</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Team store address</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Member</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This device</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Where the password is kept</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sync in the background</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sync with the team store</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seconds between syncs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save</source>
        <translation>حفظ</translation>
    </message>
    <message>
        <source>Save team settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sync now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Leave</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Leave the team store</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop syncing: this computer keeps its history; the password is removed from the keyring</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Team store message</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Team store address to join</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>postgresql://NAME@host:5432/database</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Password on the team store</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kept in the system keyring</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Join…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Join the team store</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Join result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The team store</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Address</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Password</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Never in a file Parley writes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your name on the team store.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How the team store tells this desktop apart.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sync</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Off: nothing is sent or fetched; nothing is lost.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>While Parley is open, and after every answer.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Join a team store</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>From your team&apos;s administrator (parley team add-member).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checked with a first sync before it is kept.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>None — join one below</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In {kept}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not kept: libpq reads ~/.pgpass, or join again to give it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Syncing now — the window&apos;s status line says how it went.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Synced: {outcome_text}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not sync: {error}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not sync: {exc}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Syncing…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Left {address}: this computer&apos;s history is kept.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>type the team store&apos;s address</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The address: {problem}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Joined as {member}: {outcome}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No system keyring could keep the password ({problem}), so it is kept in memory until Parley quits: to sync after a restart, set PGPASSWORD or use ~/.pgpass.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not join: {value}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not join: {exc}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Joining: a first sync with the team store…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TeamStore</name>
    <message>
        <source>the team store {where} refused the login: {detail}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot reach the team store {where} (no connection within the timeout)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot reach the team store {where} ({detail})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the team database {where} is not set up for this Parley (missing {missing}); its owner must run init_team</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TeamSync</name>
    <message>
        <source>just now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{minutes} min ago</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{hours} h ago</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{days} d ago</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no password — join again in Settings → Team, or set PGPASSWORD</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the login was refused — check the password in Settings → Team</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Synced {ago}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last synced {ago}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sync paused</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Syncing…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Offline — retrying in {wait} s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Offline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sync stopped: {error}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Resume</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sync failed — retrying in {wait} s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Retry now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sync stopped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not synced yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Team store: {address}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Team store</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This device: {device}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pushed {pushed}, pulled {pulled} events since start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last error: {error}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{count} conversation quarantined (the team store&apos;s copy did not verify; nothing more of it is accepted): {named}. Why: {reasons}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{count} conversations quarantined (the team store&apos;s copy did not verify; nothing more of it is accepted): {named}. Why: {reasons}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ThinkingIndicator</name>
    <message>
        <source>Answer status</source>
        <translation>حالة الإجابة</translation>
    </message>
    <message>
        <source>Thinking…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Waiting for {model}&apos;s first words</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{phrase} {seconds} s</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TimelineView</name>
    <message>
        <source>Turn started</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>User message</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attachment</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reasoning</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Answer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tool call</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tool result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Permission asked</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Notice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fact</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compaction</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Context check</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Retrieval</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Turn finished</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{input} in / {output} out tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(arguments could not be read)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>default model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>retry of {turn}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>follows {turn}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>agent {role}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>review note</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{count} attachment(s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>gate {mode}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(redacted reasoning)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (partial)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>assistant</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · effect {effect}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{decision} · {tool}{effect}{confined} · rule {rule} · decided by {source}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ok</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{what} · for: {query}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{seconds:.1f} s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not sent: {error}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sent as {type} image</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{chars} characters extracted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> by {extractor}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (truncated)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select a conversation to see its timeline.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Raw JSON</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show the event exactly as the log stores it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Event</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next match</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Go to the next event matching the search (F3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Match {number} of {count}: {snippet}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Toast</name>
    <message>
        <source>Notification</source>
        <translation>إشعار</translation>
    </message>
    <message>
        <source>Dismiss notification</source>
        <translation>إغلاق الإشعار</translation>
    </message>
    <message>
        <source>Dismiss</source>
        <translation>إغلاق</translation>
    </message>
</context>
<context>
    <name>ToolCard</name>
    <message>
        <source>ran</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>allowed by you</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>waiting for your permission</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>refused</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rejected: the model was asked to correct it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dropped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>skipped: already done</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>checking…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{label} ✓</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{label}, failed ✗</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(the call was not recorded)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(arguments could not be read)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>arguments:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>result:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>result (failed):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>verdict: {decision} ({source}) · rule {rule}{effect}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not run: the turn was stopped.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stopped: the user stopped the call to {tool} of MCP server {server} before it finished.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Timed out: MCP server {server} did not finish {tool} within {seconds:g} s; the call was abandoned.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failed: MCP server {server} could not run {tool}: {error}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not allowed: {reason}. Tool {tool} of MCP server {server} was not run.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The user did not allow this action.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ToolsControl</name>
    <message>
        <source>Tools</source>
        <translation>الأدوات</translation>
    </message>
    <message>
        <source>MCP ({n_servers})</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ToolsPopover</name>
    <message>
        <source>No tools</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Read only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All tools</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ask before risky commands</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ask before every command</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tools for this conversation</source>
        <translation>أدوات هذه المحادثة</translation>
    </message>
    <message>
        <source>The model can read and work only inside the workspace folder, and asks before anything risky.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose a folder…</source>
        <translation>اختيار مجلد…</translation>
    </message>
    <message>
        <source>Workspace folder</source>
        <translation>مجلد العمل</translation>
    </message>
    <message>
        <source>The folder the model&apos;s tools may read and work in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clear workspace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No workspace: the model uses no tools</source>
        <translation>لا يوجد مجلد عمل: لا يستخدم النموذج أي أدوات</translation>
    </message>
    <message>
        <source>Tools the model may use</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>When to ask before a command runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sandbox</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MCP servers</source>
        <translation>خوادم MCP</translation>
    </message>
    <message>
        <source>MCP servers for this conversation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>None yet: add one in Settings → MCP servers.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Workspace</source>
        <translation>مجلد العمل</translation>
    </message>
    <message>
        <source>Tools</source>
        <translation>الأدوات</translation>
    </message>
    <message>
        <source>Ask</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{folder} — click to choose another</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose a folder for tools</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MCP server {name}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Offer the tools of {name} in this conversation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name} is turned off in Settings → MCP servers</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TranscriptView</name>
    <message>
        <source>Conversation</source>
        <translation>المحادثة</translation>
    </message>
    <message>
        <source>The messages of the open conversation. Hover a message or press the context-menu key (Shift+F10) for its actions: copy, regenerate, edit. Tab moves between links; Enter or Space opens or closes an answer&apos;s reasoning or a tool&apos;s details.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start a conversation: type below and press Ctrl+Enter.
Esc stops an answer; the text so far is kept.</source>
        <translation>ابدأ محادثة: اكتب في الأسفل واضغط Ctrl+Enter.
يوقف Esc الإجابة؛ ويُحتفظ بالنص حتى تلك اللحظة.</translation>
    </message>
    <message>
        <source>↑ Show 1 earlier message</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>↑ Show {count:,} earlier messages</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TrayMenu</name>
    <message>
        <source>Show Parley</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New chat</source>
        <translation>محادثة جديدة</translation>
    </message>
    <message>
        <source>Quick ask…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recent conversations</source>
        <translation>المحادثات الأخيرة</translation>
    </message>
    <message>
        <source>Pause schedules</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Quit Parley</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Untitled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No conversations yet</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TurnOutcome</name>
    <message>
        <source>(stopped)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(stopped — partial answer kept)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(interrupted — Parley closed while this answer was streaming)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Timed out.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Timed out: {error}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failed: {error}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model chosen to summarise earlier messages is not available ({exc}); {model} writes the summary instead.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Earlier messages could not be summarised: {reason}. The conversation is unchanged.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The documents could not be searched ({exc}); the model answers without excerpts.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This message does not fit {model}&apos;s context window: the request needs about {needed:,} tokens, and {available:,} are available ({window:,} in the window, {reserved:,} kept for the answer), even after summarising the earlier conversation. Nothing was sent. Shorten the message, remove an attachment or have it searched instead of sent whole (its menu), or choose a model with a larger window.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The answer was cut off: the model reached its output token limit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The provider&apos;s content filter stopped this answer.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>internal error: {kind}: {exc}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the turn was interrupted before it finished</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no model chosen for provider {provider!r}: pick one in the model picker, pass --model, or set the provider&apos;s default model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the turn ran longer than its limit of {limit} s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Retrying in {wait} s (attempt {attempt} of {attempts}): {reason}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model asked to use a tool, but no tools are enabled for this turn.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the task did not finish: the model asked to use a tool, but this task offers none (give it a workspace and tools, or an MCP server)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stopped after {steps} steps (the step limit).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the task did not finish within its {steps} steps (completion_max_steps): the model was still calling tools; what it did so far is recorded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this installation of Parley cannot read attachments</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the files of one message may add up to {megabytes} MB at most</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>could not use the attachment — {problems}. Nothing was sent to the model; remove or replace the file and send again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>could not use these attachments — {problems}. Nothing was sent to the model; remove or replace the file and send again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>could not use the attachment — {problems}. Nothing was sent to the model; remove or replace the attachment and send again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>could not use these attachments — {problems}. Nothing was sent to the model; remove or replace the attachment and send again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name} is searched by keywords only: the embedding model failed ({exc}).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name} could not be indexed for searching ({exc}); its first {chars:,} characters are sent instead.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name} could not be indexed for searching ({exc}); it is sent whole instead.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name} ({uri}): this installation of Parley has no MCP client</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved {count} file(s) to {destination}: {names}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved {count} file(s) to {destination}: {names} and {more} more.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The turn did not complete; the files it wrote are kept for inspection in {sandbox}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not copy the turn&apos;s files ({exc}); they are in {sandbox}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the answer passed Parley&apos;s limit of {limit:,} characters (text, reasoning and tool-call arguments together), so Parley stopped reading it; what came before the limit is kept. If answers this long are expected, raise &quot;max_answer_chars&quot; in the &quot;network&quot; section of settings.json</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the answer is shown but not yet saved (the history refused it: {refused}); it is kept in {path}, and Parley adds it to this conversation when it next starts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the answer is shown but not yet saved (the history refused it: {refused}); it is kept in the history database as checkpoints, and Parley adds it to this conversation when it next starts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{message}; its last {chars} characters could not be kept anywhere: copy them from the screen</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{error} (gave up after {attempts} attempts)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{error} (the provider asked to wait {seconds} s)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>UndoBar</name>
    <message>
        <source>Undo</source>
        <translation>تراجع</translation>
    </message>
    <message>
        <source>Undo (Ctrl+Z)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dismiss</source>
        <translation>إغلاق</translation>
    </message>
</context>
<context>
    <name>Units</name>
    <message>
        <source> s</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>WelcomePanel</name>
    <message>
        <source>Welcome</source>
        <translation>مرحبًا</translation>
    </message>
    <message>
        <source>Welcome to Parley</source>
        <translation>مرحبًا بك في Parley</translation>
    </message>
    <message>
        <source>Chat with any model, in the cloud or on this computer. Connect one to begin — it takes under a minute.</source>
        <translation>تحدّث مع أي نموذج، في السحابة أو على هذا الحاسوب. اربط واحدًا لتبدأ — يستغرق ذلك أقل من دقيقة.</translation>
    </message>
    <message>
        <source>Keyring unavailable</source>
        <translation>حلقة المفاتيح غير متاحة</translation>
    </message>
    <message>
        <source>Connect a provider</source>
        <translation>ربط مزوّد</translation>
    </message>
    <message>
        <source>OpenAI, Anthropic, Gemini, OpenRouter, Groq… Pick a preset, paste its API key — kept in your system keyring, never in a file — and press Start chatting.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start chatting</source>
        <translation>ابدأ المحادثة</translation>
    </message>
    <message>
        <source>Or run models on this computer</source>
        <translation>أو شغّل النماذج على هذا الحاسوب</translation>
    </message>
    <message>
        <source>Ollama and LM Studio serve models locally: no key, and nothing leaves your machine.</source>
        <translation>يقدّم Ollama وLM Studio النماذج محليًا: بلا مفتاح، ولا يغادر جهازك شيء.</translation>
    </message>
    <message>
        <source>Look for Ollama and LM Studio</source>
        <translation>البحث عن Ollama وLM Studio</translation>
    </message>
    <message>
        <source>Local servers found</source>
        <translation>الخوادم المحلية التي وُجدت</translation>
    </message>
    <message>
        <source>Use selected</source>
        <translation>استخدام المحدد</translation>
    </message>
    <message>
        <source>Your conversations are kept on this computer. Press {settings_keys} later to add more providers.</source>
        <translation>تُحفظ محادثاتك على هذا الحاسوب. اضغط {settings_keys} لاحقًا لإضافة مزوّدين آخرين.</translation>
    </message>
    <message>
        <source>API keys cannot be saved on this computer: {reason}, and name it under Key variable. A local server (below) needs no key.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>OpenAI, Anthropic, Gemini, OpenRouter, Groq… Pick a preset, check the Key variable that holds its API key, and press Start chatting.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Found {n_servers} local server(s).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No local server answered on localhost:11434 (Ollama) or localhost:1234 (LM Studio). Start one, or add a provider above.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Looking for local servers…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>_RenameDelegate</name>
    <message>
        <source>New title</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>app</name>
    <message>
        <source>Parley cannot start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot open your profile:

{exc}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>costs_view</name>
    <message>
        <source>Costs per {lower}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>export</name>
    <message>
        <source>JSON (*.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Markdown (*.md)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HTML (*.html)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export</source>
        <translation>تصدير</translation>
    </message>
</context>
<context>
    <name>fixes</name>
    <message>
        <source>Open Settings → Providers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose a vision model</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>permission</name>
    <message>
        <source>The model wants to use {mcp_tool} from the MCP server {mcp_server}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model wants to run a command</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model wants to install a Python package</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model wants to use {tool}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model wants to use {value}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>prices_page</name>
    <message>
        <source>Add row</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add {row}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove row</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove {selected}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reset to defaults</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reset {table} to the built-in table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save</source>
        <translation>حفظ</translation>
    </message>
    <message>
        <source>Save {saved}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>window_layout</name>
    <message>
        <source>New chat</source>
        <translation>محادثة جديدة</translation>
    </message>
    <message>
        <source>Start a new conversation (Ctrl+N)</source>
        <translation>بدء محادثة جديدة (Ctrl+N)</translation>
    </message>
    <message>
        <source>Search conversations</source>
        <translation>البحث في المحادثات</translation>
    </message>
    <message>
        <source>Conversations</source>
        <translation>المحادثات</translation>
    </message>
    <message>
        <source>New conversation</source>
        <translation>محادثة جديدة</translation>
    </message>
    <message>
        <source>Conversation title</source>
        <translation>عنوان المحادثة</translation>
    </message>
    <message>
        <source>Tokens and estimated cost of this conversation</source>
        <translation>الرموز والتكلفة التقديرية لهذه المحادثة</translation>
    </message>
    <message>
        <source>Project</source>
        <translation>المشروع</translation>
    </message>
    <message>
        <source>The project this conversation belongs to</source>
        <translation>المشروع الذي تنتمي إليه هذه المحادثة</translation>
    </message>
    <message>
        <source>No project</source>
        <translation>بلا مشروع</translation>
    </message>
    <message>
        <source>Model for the next message</source>
        <translation>النموذج للرسالة التالية</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>الحالة</translation>
    </message>
</context>
</TS>
