<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="es_ES">
<context>
    <name>AddTaskDialog</name>
    <message>
        <source>Add scheduled task</source>
        <translation>Añadir tarea programada</translation>
    </message>
    <message>
        <source>(the prompt&apos;s first words)</source>
        <translation>(las primeras palabras del prompt)</translation>
    </message>
    <message>
        <source>Schedule (cron expression)</source>
        <translation>Programación (expresión cron)</translation>
    </message>
    <message>
        <source>Prompt</source>
        <translation>Prompt</translation>
    </message>
    <message>
        <source>What the model is asked at each run, e.g. Summarise what changed in my notes.</source>
        <translation>Lo que se pide al modelo en cada ejecución, p. ej. Resume lo que ha cambiado en mis notas.</translation>
    </message>
    <message>
        <source>No project</source>
        <translation>Sin proyecto</translation>
    </message>
    <message>
        <source>Default provider</source>
        <translation>Proveedor predeterminado</translation>
    </message>
    <message>
        <source>(the provider&apos;s default model)</source>
        <translation>(el modelo predeterminado del proveedor)</translation>
    </message>
    <message>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <source>No tools</source>
        <translation>Sin herramientas</translation>
    </message>
    <message>
        <source>Read files in the project&apos;s folder</source>
        <translation>Leer archivos de la carpeta del proyecto</translation>
    </message>
    <message>
        <source>All tools (what would need asking is refused)</source>
        <translation>Todas las herramientas (lo que necesitaría preguntar se rechaza)</translation>
    </message>
    <message>
        <source>If the computer was off, run once at the next start</source>
        <translation>Si el ordenador estaba apagado, ejecutar una vez en el próximo inicio</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Nombre</translation>
    </message>
    <message>
        <source>Schedule</source>
        <translation>Programación</translation>
    </message>
    <message>
        <source>Project</source>
        <translation>Proyecto</translation>
    </message>
    <message>
        <source>Provider</source>
        <translation>Proveedor</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modelo</translation>
    </message>
    <message>
        <source>Time limit</source>
        <translation>Límite de tiempo</translation>
    </message>
    <message>
        <source>Tools</source>
        <translation>Herramientas</translation>
    </message>
    <message>
        <source>Cron: minute hour day-of-month month day-of-week, in local time. 0 8 * * 1-5 is 08:00 on weekdays; */30 * * * * every half hour.</source>
        <translation>Cron: minuto hora día-del-mes mes día-de-la-semana, en hora local. 0 8 * * 1-5 es las 08:00 de lunes a viernes; */30 * * * * cada media hora.</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>Añadir</translation>
    </message>
    <message>
        <source>Next: {times}</source>
        <translation>Próximas: {times}</translation>
    </message>
    <message>
        <source>Never fires</source>
        <translation>Nunca se activa</translation>
    </message>
</context>
<context>
    <name>AttachmentChip</name>
    <message>
        <source>Search instead of sending whole</source>
        <translation>Buscar en lugar de enviar completo</translation>
    </message>
    <message>
        <source>Parley indexes the file and sends only the parts that match each question, with citations</source>
        <translation>Parley indexa el archivo y envía solo las partes que coinciden con cada pregunta, con citas</translation>
    </message>
    <message>
        <source>{format} image</source>
        <translation>Imagen {format}</translation>
    </message>
    <message>
        <source>File</source>
        <translation>Archivo</translation>
    </message>
    <message>
        <source>Document</source>
        <translation>Documento</translation>
    </message>
    <message>
        <source>Spreadsheet</source>
        <translation>Hoja de cálculo</translation>
    </message>
    <message>
        <source>Slides</source>
        <translation>Presentación</translation>
    </message>
    <message>
        <source>Text</source>
        <translation>Texto</translation>
    </message>
    <message>
        <source>Log</source>
        <translation>Registro</translation>
    </message>
    <message>
        <source>page</source>
        <translation>página</translation>
    </message>
    <message>
        <source>pages</source>
        <translation>páginas</translation>
    </message>
    <message>
        <source>slide</source>
        <translation>diapositiva</translation>
    </message>
    <message>
        <source>slides</source>
        <translation>diapositivas</translation>
    </message>
    <message>
        <source>sheet</source>
        <translation>hoja</translation>
    </message>
    <message>
        <source>sheets</source>
        <translation>hojas</translation>
    </message>
    <message>
        <source>section</source>
        <translation>sección</translation>
    </message>
    <message>
        <source>sections</source>
        <translation>secciones</translation>
    </message>
    <message>
        <source>Reading…</source>
        <translation>Leyendo…</translation>
    </message>
    <message>
        <source>Reading… {done:,} / {total:,}</source>
        <translation>Leyendo… {done:,} / {total:,}</translation>
    </message>
    <message>
        <source>Reading… {done:,} / {total:,} {unit}</source>
        <translation>Leyendo… {done:,} / {total:,} {unit}</translation>
    </message>
    <message>
        <source>Remove {name}</source>
        <translation>Quitar {name}</translation>
    </message>
    <message>
        <source>a folder, not a file</source>
        <translation>una carpeta, no un archivo</translation>
    </message>
    <message>
        <source>Stop reading and remove {name}</source>
        <translation>Dejar de leer y quitar {name}</translation>
    </message>
</context>
<context>
    <name>AttachmentError</name>
    <message>
        <source>{name} does not exist (it may have been moved)</source>
        <translation>{name} no existe (puede que se haya movido)</translation>
    </message>
    <message>
        <source>{name} cannot be opened ({detail})</source>
        <translation>{name} no se puede abrir ({detail})</translation>
    </message>
    <message>
        <source>{name} cannot be read ({detail})</source>
        <translation>{name} no se puede leer ({detail})</translation>
    </message>
    <message>
        <source>{name} is not a file</source>
        <translation>{name} no es un archivo</translation>
    </message>
    <message>
        <source>{name} is {size}; Parley reads files of up to {limit}</source>
        <translation>{name} ocupa {size}; Parley lee archivos de hasta {limit}</translation>
    </message>
    <message>
        <source>{name} grew past {limit} while it was being read; Parley reads files of up to {limit}</source>
        <translation>{name} superó {limit} mientras se leía; Parley lee archivos de hasta {limit}</translation>
    </message>
    <message>
        <source>reading {name} was cancelled</source>
        <translation>se canceló la lectura de {name}</translation>
    </message>
    <message>
        <source>reading {name} took longer than {seconds:g} s and was stopped</source>
        <translation>la lectura de {name} tardó más de {seconds:g} s y se detuvo</translation>
    </message>
    <message>
        <source>reading {name} used more than its CPU time limit and was stopped</source>
        <translation>la lectura de {name} superó su límite de tiempo de CPU y se detuvo</translation>
    </message>
    <message>
        <source>reading {name} needed more than {memory} of memory and was stopped</source>
        <translation>la lectura de {name} necesitó más de {memory} de memoria y se detuvo</translation>
    </message>
    <message>
        <source>{name} could not be read: the reader failed (exit {code}; {detail})</source>
        <translation>{name} no se pudo leer: el lector falló (código de salida {code}; {detail})</translation>
    </message>
    <message>
        <source>{name}: reading it needed more than {megabytes:,.0f} MB of memory and was stopped</source>
        <translation>{name}: su lectura necesitó más de {megabytes:,.0f} MB de memoria y se detuvo</translation>
    </message>
    <message>
        <source>reading it needed more than {megabytes:,.0f} MB of memory and was stopped</source>
        <translation>su lectura necesitó más de {megabytes:,.0f} MB de memoria y se detuvo</translation>
    </message>
    <message>
        <source>{name}: its structure is nested too deeply to read safely</source>
        <translation>{name}: su estructura tiene demasiados niveles de anidamiento para leerla con seguridad</translation>
    </message>
    <message>
        <source>its structure is nested too deeply to read safely</source>
        <translation>su estructura tiene demasiados niveles de anidamiento para leerla con seguridad</translation>
    </message>
    <message>
        <source>{name} could not be read ({detail})</source>
        <translation>{name} no se pudo leer ({detail})</translation>
    </message>
    <message>
        <source>{name} is {label}, which Parley does not read{hint}</source>
        <translation>{name} es {label}, que Parley no lee{hint}</translation>
    </message>
    <message>
        <source>{name} is protected by a password, and Parley cannot open encrypted Office files; save a copy without the password and attach that</source>
        <translation>{name} está protegido con contraseña y Parley no puede abrir archivos de Office cifrados; guarde una copia sin contraseña y adjúntela</translation>
    </message>
    <message>
        <source>{what}, which Parley does not read{hint}</source>
        <translation>{what}, que Parley no lee{hint}</translation>
    </message>
    <message>
        <source>; unpack it and attach the files inside</source>
        <translation>; descomprímalo y adjunte los archivos que contiene</translation>
    </message>
    <message>
        <source>; images are read as PNG, JPEG, GIF or WEBP</source>
        <translation>; las imágenes se leen en formato PNG, JPEG, GIF o WEBP</translation>
    </message>
    <message>
        <source>; save it in the current format (.docx, .xlsx, .pptx) and attach that</source>
        <translation>; guárdelo en el formato actual (.docx, .xlsx, .pptx) y adjunte ese archivo</translation>
    </message>
    <message>
        <source>; save it as .docx, .xlsx or .pptx and attach that</source>
        <translation>; guárdelo como .docx, .xlsx o .pptx y adjunte ese archivo</translation>
    </message>
    <message>
        <source>; save it as .docx or plain text and attach that</source>
        <translation>; guárdelo como .docx o como texto sin formato y adjunte ese archivo</translation>
    </message>
    <message>
        <source>{name} is actually {label}</source>
        <translation>{name} es en realidad {label}</translation>
    </message>
    <message>
        <source>{name}: the part {part} is not well-formed XML ({detail})</source>
        <translation>{name}: la parte {part} no es XML bien formado ({detail})</translation>
    </message>
    <message>
        <source>the part {part} is not well-formed XML ({detail})</source>
        <translation>la parte {part} no es XML bien formado ({detail})</translation>
    </message>
    <message>
        <source>{name}: the part {part} declares a DTD or XML entities ({detail})</source>
        <translation>{name}: la parte {part} declara una DTD o entidades XML ({detail})</translation>
    </message>
    <message>
        <source>{name}: the part {part} is implausibly large for what it is</source>
        <translation>{name}: la parte {part} es inverosímilmente grande para lo que es</translation>
    </message>
    <message>
        <source>{name} has no main document part</source>
        <translation>{name} no tiene parte de documento principal</translation>
    </message>
    <message>
        <source>{name} has no readable workbook part</source>
        <translation>{name} no tiene ninguna parte de libro de cálculo legible</translation>
    </message>
    <message>
        <source>{name} has no text</source>
        <translation>{name} no tiene texto</translation>
    </message>
    <message>
        <source>{name} has no visible text</source>
        <translation>{name} no tiene texto visible</translation>
    </message>
    <message>
        <source>{name} is empty</source>
        <translation>{name} está vacío</translation>
    </message>
    <message>
        <source>{name}: every sheet is empty</source>
        <translation>{name}: todas las hojas están vacías</translation>
    </message>
    <message>
        <source>every sheet is empty</source>
        <translation>todas las hojas están vacías</translation>
    </message>
    <message>
        <source>{name} is not a readable EPUB ({detail})</source>
        <translation>{name} no es un EPUB legible ({detail})</translation>
    </message>
    <message>
        <source>{name} has no visible text (only {count:,} hidden element, which a reader would not show)</source>
        <translation>{name} no tiene texto visible (solo {count:,} elemento oculto, que un lector no mostraría)</translation>
    </message>
    <message>
        <source>{name} has no visible text (only {count:,} hidden elements, which a reader would not show)</source>
        <translation>{name} no tiene texto visible (solo {count:,} elementos ocultos, que un lector no mostraría)</translation>
    </message>
    <message>
        <source>{name} has no visible text (only {count:,} hidden element, which a browser would not show)</source>
        <translation>{name} no tiene texto visible (solo {count:,} elemento oculto, que un navegador no mostraría)</translation>
    </message>
    <message>
        <source>{name} has no visible text (only {count:,} hidden elements, which a browser would not show)</source>
        <translation>{name} no tiene texto visible (solo {count:,} elementos ocultos, que un navegador no mostraría)</translation>
    </message>
    <message>
        <source>{name} is too large in pixels to be safe ({detail}); it looks like a decompression bomb and was not read</source>
        <translation>{name} tiene demasiados píxeles para ser seguro ({detail}); parece una bomba de descompresión y no se leyó</translation>
    </message>
    <message>
        <source>{name} is a damaged image ({detail})</source>
        <translation>{name} es una imagen dañada ({detail})</translation>
    </message>
    <message>
        <source>{name} is a {format} image, which Parley does not send</source>
        <translation>{name} es una imagen {format}, que Parley no envía</translation>
    </message>
    <message>
        <source>{name} is an OLE2 file but not an e-mail</source>
        <translation>{name} es un archivo OLE2, pero no un correo electrónico</translation>
    </message>
    <message>
        <source>{name} uses an encryption Parley cannot open ({detail})</source>
        <translation>{name} usa un cifrado que Parley no puede abrir ({detail})</translation>
    </message>
    <message>
        <source>{name} is protected by a password, and Parley cannot open password-protected PDFs; remove the password (for example by printing it to a new PDF) and attach it again</source>
        <translation>{name} está protegido con contraseña y Parley no puede abrir PDF protegidos con contraseña; quite la contraseña (por ejemplo, imprimiéndolo en un PDF nuevo) y vuelva a adjuntarlo</translation>
    </message>
    <message>
        <source>{name} declares data beyond the safety limits ({detail}); it was not read</source>
        <translation>{name} declara datos que superan los límites de seguridad ({detail}); no se leyó</translation>
    </message>
    <message>
        <source>{name} has no pages</source>
        <translation>{name} no tiene páginas</translation>
    </message>
    <message>
        <source>{name}: {detail}, beyond the safety limit (a decompression bomb?); it was not read</source>
        <translation>{name}: {detail}, por encima del límite de seguridad (¿una bomba de descompresión?); no se leyó</translation>
    </message>
    <message>
        <source>{detail}, beyond the safety limit (a decompression bomb?); it was not read</source>
        <translation>{detail}, por encima del límite de seguridad (¿una bomba de descompresión?); no se leyó</translation>
    </message>
    <message>
        <source>{name} is damaged or truncated and cannot be opened ({detail})</source>
        <translation>{name} está dañado o truncado y no se puede abrir ({detail})</translation>
    </message>
    <message>
        <source>{name}: its pages decompress beyond the safety limits (a decompression bomb?); nothing was read</source>
        <translation>{name}: sus páginas se descomprimen por encima de los límites de seguridad (¿una bomba de descompresión?); no se leyó nada</translation>
    </message>
    <message>
        <source>its pages decompress beyond the safety limits (a decompression bomb?); nothing was read</source>
        <translation>sus páginas se descomprimen por encima de los límites de seguridad (¿una bomba de descompresión?); no se leyó nada</translation>
    </message>
    <message>
        <source>{name} is damaged: none of its {count:,} page could be read</source>
        <translation>{name} está dañado: no se pudo leer ninguna página (tiene {count:,})</translation>
    </message>
    <message>
        <source>{name} is damaged: none of its {count:,} pages could be read</source>
        <translation>{name} está dañado: no se pudo leer ninguna página (tiene {count:,})</translation>
    </message>
    <message>
        <source>{name}: {count:,} page could not be read and the others have no text layer</source>
        <translation>{name}: {count:,} página no se pudo leer y las demás no tienen capa de texto</translation>
    </message>
    <message>
        <source>{name}: {count:,} pages could not be read and the others have no text layer</source>
        <translation>{name}: {count:,} páginas no se pudieron leer y las demás no tienen capa de texto</translation>
    </message>
    <message>
        <source>{count:,} page could not be read and the others have no text layer</source>
        <translation>{count:,} página no se pudo leer y las demás no tienen capa de texto</translation>
    </message>
    <message>
        <source>{count:,} pages could not be read and the others have no text layer</source>
        <translation>{count:,} páginas no se pudieron leer y las demás no tienen capa de texto</translation>
    </message>
    <message>
        <source>{name}: scanned PDF ({count:,} page) with no text layer; OCR is not supported</source>
        <translation>{name}: PDF escaneado ({count:,} página) sin capa de texto; el OCR no es compatible</translation>
    </message>
    <message>
        <source>{name}: scanned PDF ({count:,} pages) with no text layer; OCR is not supported</source>
        <translation>{name}: PDF escaneado ({count:,} páginas) sin capa de texto; el OCR no es compatible</translation>
    </message>
    <message>
        <source>scanned PDF ({count:,} page) with no text layer; OCR is not supported</source>
        <translation>PDF escaneado ({count:,} página) sin capa de texto; el OCR no es compatible</translation>
    </message>
    <message>
        <source>scanned PDF ({count:,} pages) with no text layer; OCR is not supported</source>
        <translation>PDF escaneado ({count:,} páginas) sin capa de texto; el OCR no es compatible</translation>
    </message>
    <message>
        <source>{name} has no text ({count:,} slide)</source>
        <translation>{name} no tiene texto ({count:,} diapositiva)</translation>
    </message>
    <message>
        <source>{name} has no text ({count:,} slides)</source>
        <translation>{name} no tiene texto ({count:,} diapositivas)</translation>
    </message>
    <message>
        <source>{name} is not valid CSV near line {line:,} ({detail})</source>
        <translation>{name} no es un CSV válido cerca de la línea {line:,} ({detail})</translation>
    </message>
</context>
<context>
    <name>AttachmentStrip</name>
    <message>
        <source>not found</source>
        <translation>no encontrado</translation>
    </message>
    <message>
        <source>cannot read: {exc}</source>
        <translation>no se puede leer: {exc}</translation>
    </message>
</context>
<context>
    <name>AttachmentText</name>
    <message>
        <source>{kind} image</source>
        <translation>Imagen {kind}</translation>
    </message>
    <message>
        <source>not sent: {reason}</source>
        <translation>no enviado: {reason}</translation>
    </message>
    <message>
        <source>not sent</source>
        <translation>no enviado</translation>
    </message>
    <message>
        <source>searched for each question</source>
        <translation>consultado en cada pregunta</translation>
    </message>
    <message>
        <source>truncated: the model saw the first {count:,} characters</source>
        <translation>truncado: el modelo vio los primeros {count:,} caracteres</translation>
    </message>
</context>
<context>
    <name>AttachmentViewer</name>
    <message>
        <source>{count:,} characters</source>
        <translation>{count:,} caracteres</translation>
    </message>
    <message>
        <source>read by {extractor}</source>
        <translation>leído con {extractor}</translation>
    </message>
    <message>
        <source>truncated</source>
        <translation>truncado</translation>
    </message>
    <message>
        <source>{name} — what the model saw</source>
        <translation>{name} — lo que vio el modelo</translation>
    </message>
    <message>
        <source>Not sent to the model — {attachment_error}</source>
        <translation>No se envió al modelo — {attachment_error}</translation>
    </message>
    <message>
        <source>The file was longer than the limit: the model saw only the text below.</source>
        <translation>El archivo superaba el límite: el modelo solo vio el texto de abajo.</translation>
    </message>
    <message>
        <source>This file was searched for each question rather than sent whole: below are the excerpts the model was given for this answer.</source>
        <translation>En lugar de enviarse completo, este archivo se consultó en cada pregunta: abajo están los fragmentos que recibió el modelo para esta respuesta.</translation>
    </message>
    <message>
        <source>(no text)</source>
        <translation>(sin texto)</translation>
    </message>
    <message>
        <source>The image cannot be shown here.</source>
        <translation>La imagen no se puede mostrar aquí.</translation>
    </message>
    <message>
        <source>Loading…</source>
        <translation>Cargando…</translation>
    </message>
    <message>
        <source>The image cannot be shown: {exc}</source>
        <translation>La imagen no se puede mostrar: {exc}</translation>
    </message>
</context>
<context>
    <name>AttachmentsController</name>
    <message>
        <source>Cannot keep the pasted image: {exc}</source>
        <translation>No se puede conservar la imagen pegada: {exc}</translation>
    </message>
    <message>
        <source>Choose an MCP server for this conversation first (Tools → MCP servers).</source>
        <translation>Elija primero un servidor MCP para esta conversación (Herramientas → Servidores MCP).</translation>
    </message>
    <message>
        <source>This installation of Parley has no MCP client.</source>
        <translation>Esta instalación de Parley no tiene cliente MCP.</translation>
    </message>
    <message>
        <source>the stored copy of this image cannot be found</source>
        <translation>no se encuentra la copia guardada de esta imagen</translation>
    </message>
    <message>
        <source>Showing the original file, not the copy that was sent; it may have changed since.</source>
        <translation>Se muestra el archivo original, no la copia enviada; puede haber cambiado desde entonces.</translation>
    </message>
    <message>
        <source>Workspace for the model&apos;s tools</source>
        <translation>Carpeta de trabajo para las herramientas del modelo</translation>
    </message>
    <message>
        <source>Commands run sandboxed ({mechanism})</source>
        <translation>Los comandos se ejecutan en un entorno aislado ({mechanism})</translation>
    </message>
    <message>
        <source>Each command runs in an operating-system sandbox: your home folder is hidden, there is no network unless you allow a command that needs it, and it writes only where the permission prompt says.</source>
        <translation>Cada comando se ejecuta en un entorno aislado del sistema operativo: su carpeta personal queda oculta, no hay red salvo que la permita para un comando que la necesite, y solo escribe donde indica la solicitud de permiso.</translation>
    </message>
    <message>
        <source>No sandbox on this system: every command asks{install}</source>
        <translation>No hay entorno aislado en este sistema: cada comando pide permiso{install}</translation>
    </message>
    <message>
        <source>{reason}. Commands would run with your permissions, so Parley asks before each one.</source>
        <translation>{reason}. Los comandos se ejecutarían con sus permisos, así que Parley pregunta antes de cada uno.</translation>
    </message>
</context>
<context>
    <name>Badges</name>
    <message>
        <source>Completed</source>
        <translation>Completada</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Fallida</translation>
    </message>
    <message>
        <source>Stopped</source>
        <translation>Detenida</translation>
    </message>
    <message>
        <source>Denied</source>
        <translation>Denegada</translation>
    </message>
    <message>
        <source>No turns</source>
        <translation>Sin turnos</translation>
    </message>
    <message>
        <source>Key set</source>
        <translation>Clave definida</translation>
    </message>
    <message>
        <source>Key from env</source>
        <translation>Clave del entorno</translation>
    </message>
    <message>
        <source>No key</source>
        <translation>Sin clave</translation>
    </message>
    <message>
        <source>No keyring</source>
        <translation>Sin llavero</translation>
    </message>
    <message>
        <source>No key needed</source>
        <translation>No necesita clave</translation>
    </message>
    <message>
        <source>Off</source>
        <translation>Desactivado</translation>
    </message>
    <message>
        <source>Not started</source>
        <translation>No iniciado</translation>
    </message>
    <message>
        <source>Starting</source>
        <translation>Iniciando</translation>
    </message>
    <message>
        <source>Ready</source>
        <translation>Listo</translation>
    </message>
    <message>
        <source>Invalid</source>
        <translation>No válido</translation>
    </message>
</context>
<context>
    <name>ChatController</name>
    <message>
        <source>{count:,} tokens</source>
        <translation>{count:,} tokens</translation>
    </message>
    <message>
        <source>Stop the running answer before starting a new chat.</source>
        <translation>Detenga la respuesta en curso antes de empezar un chat nuevo.</translation>
    </message>
    <message>
        <source>Wait for the answer to finish before switching branches.</source>
        <translation>Espere a que termine la respuesta antes de cambiar de rama.</translation>
    </message>
    <message>
        <source>Copied the last answer.</source>
        <translation>Se copió la última respuesta.</translation>
    </message>
    <message>
        <source>Still reading the settings; send again in a moment.</source>
        <translation>Todavía se está leyendo la configuración; vuelva a enviar en un momento.</translation>
    </message>
    <message>
        <source>Opening the conversation; your message goes as soon as it is read.</source>
        <translation>Abriendo la conversación; su mensaje se enviará en cuanto se lea.</translation>
    </message>
    <message>
        <source>Send /compact on its own; your message stays here.</source>
        <translation>Envíe /compact por separado; su mensaje se queda aquí.</translation>
    </message>
    <message>
        <source>The next message goes to {model}.</source>
        <translation>El próximo mensaje irá a {model}.</translation>
    </message>
    <message>
        <source>Nothing to summarise yet: this conversation has no messages.</source>
        <translation>Todavía no hay nada que resumir: esta conversación no tiene mensajes.</translation>
    </message>
    <message>
        <source>Earlier messages cannot be summarised right now.</source>
        <translation>Ahora mismo no se pueden resumir los mensajes anteriores.</translation>
    </message>
    <message>
        <source>Summarising earlier messages…</source>
        <translation>Resumiendo los mensajes anteriores…</translation>
    </message>
    <message>
        <source>1 earlier turn</source>
        <translation>1 turno anterior</translation>
    </message>
    <message>
        <source>{count} earlier turns</source>
        <translation>{count} turnos anteriores</translation>
    </message>
    <message>
        <source>Summarised {what}.</source>
        <translation>Resumido: {what}.</translation>
    </message>
    <message>
        <source>Nothing was summarised.</source>
        <translation>No se resumió nada.</translation>
    </message>
    <message>
        <source>Summarising failed: {exc}</source>
        <translation>Error al resumir: {exc}</translation>
    </message>
    <message>
        <source>Stopping…</source>
        <translation>Deteniendo…</translation>
    </message>
    <message>
        <source> · {tokens_in} in / {tokens_out} out tokens</source>
        <translation> · {tokens_in} de entrada / {tokens_out} de salida (tokens)</translation>
    </message>
    <message>
        <source>Done in {duration_s:.1f} s{figures}</source>
        <translation>Listo en {duration_s:.1f} s{figures}</translation>
    </message>
    <message>
        <source>Stopped. The partial answer was kept.</source>
        <translation>Detenido. Se conservó la respuesta parcial.</translation>
    </message>
    <message>
        <source>Failed: {error}</source>
        <translation>Error: {error}</translation>
    </message>
    <message>
        <source>Timed out: {error}</source>
        <translation>Tiempo agotado: {error}</translation>
    </message>
</context>
<context>
    <name>CommandPopup</name>
    <message>
        <source>Command suggestions</source>
        <translation>Sugerencias de comandos</translation>
    </message>
</context>
<context>
    <name>Compaction</name>
    <message>
        <source>there are no earlier messages to summarise yet</source>
        <translation>todavía no hay mensajes anteriores que resumir</translation>
    </message>
    <message>
        <source>{model} cannot read even a short part of the conversation (its window is {tokens:,} tokens)</source>
        <translation>{model} no puede leer ni siquiera una parte breve de la conversación (su ventana es de {tokens:,} tokens)</translation>
    </message>
    <message>
        <source>{model} could not write the summary: {exc}</source>
        <translation>{model} no pudo escribir el resumen: {exc}</translation>
    </message>
    <message>
        <source>stopped before the summary was finished</source>
        <translation>se detuvo antes de terminar el resumen</translation>
    </message>
    <message>
        <source>{model} answered with an empty summary</source>
        <translation>{model} respondió con un resumen vacío</translation>
    </message>
    <message>
        <source>the summary was no shorter than the messages it would replace</source>
        <translation>el resumen no era más corto que los mensajes que iba a sustituir</translation>
    </message>
    <message>
        <source>There are no earlier messages to summarise yet.</source>
        <translation>Todavía no hay mensajes anteriores que resumir.</translation>
    </message>
    <message>
        <source>{model} cannot read even a short part of the conversation (its window is {tokens:,} tokens).</source>
        <translation>{model} no puede leer ni siquiera una parte breve de la conversación (su ventana es de {tokens:,} tokens).</translation>
    </message>
    <message>
        <source>{model} could not write the summary: {exc}.</source>
        <translation>{model} no pudo escribir el resumen: {exc}.</translation>
    </message>
    <message>
        <source>Stopped before the summary was finished.</source>
        <translation>Se detuvo antes de terminar el resumen.</translation>
    </message>
    <message>
        <source>{model} answered with an empty summary.</source>
        <translation>{model} respondió con un resumen vacío.</translation>
    </message>
    <message>
        <source>The summary was no shorter than the messages it would replace.</source>
        <translation>El resumen no era más corto que los mensajes que iba a sustituir.</translation>
    </message>
    <message>
        <source>There is nothing to summarise yet.</source>
        <translation>Todavía no hay nada que resumir.</translation>
    </message>
    <message>
        <source>That message is no longer here.</source>
        <translation>Ese mensaje ya no está aquí.</translation>
    </message>
    <message>
        <source>No model is chosen to write the summary.</source>
        <translation>No se ha elegido ningún modelo para escribir el resumen.</translation>
    </message>
</context>
<context>
    <name>Composer</name>
    <message>
        <source>Ask anything — Ctrl+Enter to send, / for commands</source>
        <translation>Pregunte lo que quiera: Ctrl+Intro para enviar, / para comandos</translation>
    </message>
    <message>
        <source>Ask anything — Enter to send, Shift+Enter for a new line, / for commands</source>
        <translation>Pregunte lo que quiera: Intro para enviar, Mayús+Intro para una línea nueva, / para comandos</translation>
    </message>
    <message>
        <source>Send (Ctrl+Enter)</source>
        <translation>Enviar (Ctrl+Intro)</translation>
    </message>
    <message>
        <source>Send (Enter)</source>
        <translation>Enviar (Intro)</translation>
    </message>
    <message>
        <source>Prompt</source>
        <translation>Prompt</translation>
    </message>
    <message>
        <source>Attach</source>
        <translation>Adjuntar</translation>
    </message>
    <message>
        <source>Attach files</source>
        <translation>Adjuntar archivos</translation>
    </message>
    <message>
        <source>Attach files (or drop them here, or paste them)</source>
        <translation>Adjuntar archivos (o soltarlos aquí, o pegarlos)</translation>
    </message>
    <message>
        <source>Files…</source>
        <translation>Archivos…</translation>
    </message>
    <message>
        <source>From an MCP server…</source>
        <translation>Desde un servidor MCP…</translation>
    </message>
    <message>
        <source>Editing an earlier message</source>
        <translation>Editando un mensaje anterior</translation>
    </message>
    <message>
        <source>Editing an earlier message — sending starts a new branch.</source>
        <translation>Editando un mensaje anterior: al enviarlo empieza una rama nueva.</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
    <message>
        <source>Cancel editing</source>
        <translation>Cancelar la edición</translation>
    </message>
    <message>
        <source>Stop editing and bring back your draft (Esc)</source>
        <translation>Dejar de editar y recuperar su borrador (Esc)</translation>
    </message>
    <message>
        <source>Prompt error</source>
        <translation>Error en la entrada</translation>
    </message>
    <message>
        <source>Stop the answer (Esc)</source>
        <translation>Detener la respuesta (Esc)</translation>
    </message>
</context>
<context>
    <name>Confinement</name>
    <message>
        <source>Not sandboxed: no sandbox is available on this system, so the command runs with your permissions and can reach anything you can.</source>
        <translation>Sin entorno aislado: este sistema no dispone de entorno aislado, así que el comando se ejecuta con sus permisos y puede acceder a todo lo que usted puede.</translation>
    </message>
    <message>
        <source>Sandboxed ({mechanism}): {reach}, {net}; your home folder is hidden.</source>
        <translation>En entorno aislado ({mechanism}): {reach}, {net}; su carpeta personal queda oculta.</translation>
    </message>
    <message>
        <source>not sandboxed</source>
        <translation>sin entorno aislado</translation>
    </message>
    <message>
        <source>with network access</source>
        <translation>con acceso a la red</translation>
    </message>
    <message>
        <source>without network access</source>
        <translation>sin acceso a la red</translation>
    </message>
    <message>
        <source>can read the workspace but change nothing</source>
        <translation>puede leer la carpeta de trabajo, pero no cambiar nada</translation>
    </message>
    <message>
        <source>can write only in this turn&apos;s sandbox folder</source>
        <translation>solo puede escribir en la carpeta del entorno aislado de este turno</translation>
    </message>
    <message>
        <source>can change files in the workspace (not .git/hooks or .git/config)</source>
        <translation>puede cambiar archivos de la carpeta de trabajo (no .git/hooks ni .git/config)</translation>
    </message>
    <message>
        <source>can write only the workspace&apos;s Python environment</source>
        <translation>solo puede escribir en el entorno de Python de la carpeta de trabajo</translation>
    </message>
</context>
<context>
    <name>ContextGauge</name>
    <message>
        <source>Context window</source>
        <translation>Ventana de contexto</translation>
    </message>
    <message>
        <source>reported by the server</source>
        <translation>indicado por el servidor</translation>
    </message>
    <message>
        <source>from the table of context windows</source>
        <translation>según la tabla de ventanas de contexto</translation>
    </message>
    <message>
        <source>a guess — set it in Settings → Prices</source>
        <translation>una estimación — ajústelo en Configuración → Precios</translation>
    </message>
    <message>
        <source>of unknown origin</source>
        <translation>de origen desconocido</translation>
    </message>
    <message>
        <source>{percent}% of {window}</source>
        <translation>{percent}% de {window}</translation>
    </message>
    <message>
        <source>{tokens:,} of {window:,} tokens in the context window ({percent}%)</source>
        <translation>{tokens:,} de {window:,} tokens en la ventana de contexto ({percent}%)</translation>
    </message>
    <message>
        <source>Window size: {source}</source>
        <translation>Tamaño de la ventana: {source}</translation>
    </message>
    <message>
        <source>{tokens:,} tokens kept for the answer</source>
        <translation>{tokens:,} tokens reservados para la respuesta</translation>
    </message>
    <message>
        <source>Measured before earlier messages were summarised; the next message measures again.</source>
        <translation>Medido antes de resumir los mensajes anteriores; el próximo mensaje vuelve a medir.</translation>
    </message>
</context>
<context>
    <name>ContextPage</name>
    <message>
        <source>This conversation&apos;s model</source>
        <translation>El modelo de esta conversación</translation>
    </message>
    <message>
        <source>None — keyword search only</source>
        <translation>Ninguno: solo búsqueda por palabras clave</translation>
    </message>
    <message>
        <source>Compaction threshold</source>
        <translation>Umbral de compactación</translation>
    </message>
    <message>
        <source>Compaction provider</source>
        <translation>Proveedor de compactación</translation>
    </message>
    <message>
        <source>Compaction model</source>
        <translation>Modelo de compactación</translation>
    </message>
    <message>
        <source>Compaction model error</source>
        <translation>Error del modelo de compactación</translation>
    </message>
    <message>
        <source>Embedding provider</source>
        <translation>Proveedor de embeddings</translation>
    </message>
    <message>
        <source>Embedding model</source>
        <translation>Modelo de embeddings</translation>
    </message>
    <message>
        <source>Embedding model error</source>
        <translation>Error del modelo de embeddings</translation>
    </message>
    <message>
        <source>Excerpts per turn</source>
        <translation>Fragmentos por turno</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>Guardar</translation>
    </message>
    <message>
        <source>Save context settings</source>
        <translation>Guardar la configuración de contexto</translation>
    </message>
    <message>
        <source>Context settings save result</source>
        <translation>Resultado al guardar la configuración de contexto</translation>
    </message>
    <message>
        <source>Long conversations</source>
        <translation>Conversaciones largas</translation>
    </message>
    <message>
        <source>Threshold</source>
        <translation>Umbral</translation>
    </message>
    <message>
        <source>When a conversation&apos;s request passes this share of the model&apos;s context window, its oldest turns are summarised (nothing is deleted: History keeps them, and the transcript can show them).</source>
        <translation>Cuando la petición de una conversación supera esta parte de la ventana de contexto del modelo, sus turnos más antiguos se resumen (no se borra nada: el historial los conserva y la transcripción puede mostrarlos).</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modelo</translation>
    </message>
    <message>
        <source>Who writes the summary: the conversation&apos;s own model, or a cheaper one.</source>
        <translation>Quién escribe el resumen: el propio modelo de la conversación o uno más barato.</translation>
    </message>
    <message>
        <source>Documents and knowledge folders</source>
        <translation>Documentos y carpetas de conocimiento</translation>
    </message>
    <message>
        <source>Embeddings</source>
        <translation>Embeddings</translation>
    </message>
    <message>
        <source>Keyword search (BM25) always works, offline. An embedding model adds search by meaning; its provider is sent the documents&apos; text to embed.</source>
        <translation>La búsqueda por palabras clave (BM25) siempre funciona, sin conexión. Un modelo de embeddings añade la búsqueda por significado; su proveedor recibe el texto de los documentos para procesarlo.</translation>
    </message>
    <message>
        <source>How many excerpts of large attachments and the project&apos;s knowledge folder a turn is given at most.</source>
        <translation>Cuántos fragmentos de adjuntos grandes y de la carpeta de conocimiento del proyecto recibe como máximo un turno.</translation>
    </message>
    <message>
        <source>Name a model of {compaction_provider}.</source>
        <translation>Indique un modelo de {compaction_provider}.</translation>
    </message>
    <message>
        <source>Name an embedding model of {embedding_provider}.</source>
        <translation>Indique un modelo de embeddings de {embedding_provider}.</translation>
    </message>
    <message>
        <source>Saved.</source>
        <translation>Guardado.</translation>
    </message>
    <message>
        <source>Not saved: {exc}</source>
        <translation>No guardado: {exc}</translation>
    </message>
    <message>
        <source>{current} (not configured)</source>
        <translation>{current} (no configurado)</translation>
    </message>
    <message>
        <source>a model of that provider</source>
        <translation>un modelo de ese proveedor</translation>
    </message>
</context>
<context>
    <name>ContextWindowsSection</name>
    <message>
        <source>Context windows</source>
        <translation>Ventanas de contexto</translation>
    </message>
    <message>
        <source>How many tokens each model can read per request (prompt and answer) and at most write (Max output; empty or 0 if unknown). Used when the provider does not report a model&apos;s window itself (OpenRouter, Ollama, LM Studio, llama.cpp and Gemini do). Built-in figures checked on {WINDOWS_CHECKED_ON}.</source>
        <translation>Cuántos tokens puede leer cada modelo por petición (prompt y respuesta) y escribir como máximo (Salida máx.; vacío o 0 si se desconoce). Se usa cuando el proveedor no informa él mismo de la ventana de un modelo (OpenRouter, Ollama, LM Studio, llama.cpp y Gemini sí lo hacen). Cifras integradas comprobadas el {WINDOWS_CHECKED_ON}.</translation>
    </message>
    <message>
        <source>Context windows result</source>
        <translation>Resultado de las ventanas de contexto</translation>
    </message>
    <message>
        <source>Cannot read context windows: {exc}</source>
        <translation>No se pueden leer las ventanas de contexto: {exc}</translation>
    </message>
    <message>
        <source>The built-in context windows (checked on {WINDOWS_CHECKED_ON}) are shown; Save to use them.</source>
        <translation>Se muestran las ventanas de contexto integradas (comprobadas el {WINDOWS_CHECKED_ON}); guarde para usarlas.</translation>
    </message>
    <message>
        <source>Saved {n_windows} context-window rows.</source>
        <translation>Se guardaron {n_windows} filas de ventanas de contexto.</translation>
    </message>
    <message>
        <source>Not saved: {exc}</source>
        <translation>No guardado: {exc}</translation>
    </message>
</context>
<context>
    <name>ConversationItems</name>
    <message>
        <source>Earlier messages summarised</source>
        <translation>Mensajes anteriores resumidos</translation>
    </message>
    <message>
        <source>Show original messages</source>
        <translation>Mostrar los mensajes originales</translation>
    </message>
    <message>
        <source>Hide original messages</source>
        <translation>Ocultar los mensajes originales</translation>
    </message>
    <message>
        <source>(The provider sent this reasoning encrypted: it is kept, but cannot be shown.)</source>
        <translation>(El proveedor envió este razonamiento cifrado: se conserva, pero no se puede mostrar.)</translation>
    </message>
    <message>
        <source>Reasoning (encrypted by the provider)</source>
        <translation>Razonamiento (cifrado por el proveedor)</translation>
    </message>
    <message>
        <source>Reasoning</source>
        <translation>Razonamiento</translation>
    </message>
    <message>
        <source>Thought for a moment</source>
        <translation>Pensó un momento</translation>
    </message>
    <message>
        <source>Thought for {seconds} s</source>
        <translation>Pensó durante {seconds} s</translation>
    </message>
    <message>
        <source>Thought for {minutes} min {seconds} s</source>
        <translation>Pensó durante {minutes} min {seconds} s</translation>
    </message>
    <message>
        <source>Thought for {minutes} min</source>
        <translation>Pensó durante {minutes} min</translation>
    </message>
</context>
<context>
    <name>ConversationList</name>
    <message>
        <source>(untitled)</source>
        <translation>(sin título)</translation>
    </message>
    <message>
        <source>Enter opens, F2 renames, Delete deletes, the context menu has more</source>
        <translation>Intro abre, F2 cambia el nombre, Supr elimina, el menú contextual ofrece más</translation>
    </message>
    <message>
        <source>Pinned</source>
        <translation>Fijadas</translation>
    </message>
    <message>
        <source>Today</source>
        <translation>Hoy</translation>
    </message>
    <message>
        <source>Yesterday</source>
        <translation>Ayer</translation>
    </message>
    <message>
        <source>Previous 7 days</source>
        <translation>7 días anteriores</translation>
    </message>
    <message>
        <source>Previous 30 days</source>
        <translation>30 días anteriores</translation>
    </message>
    <message>
        <source>Older</source>
        <translation>Más antiguas</translation>
    </message>
    <message>
        <source>No conversations yet — start one with {keys}.</source>
        <translation>Todavía no hay conversaciones: empiece una con {keys}.</translation>
    </message>
    <message>
        <source>No conversations match “{query}”.</source>
        <translation>Ninguna conversación coincide con «{query}».</translation>
    </message>
    <message>
        <source>No conversations match.</source>
        <translation>Ninguna conversación coincide.</translation>
    </message>
    <message>
        <source>{head} Try fewer or other words; Esc clears the search.</source>
        <translation>{head} Pruebe con menos palabras o con otras; Esc borra la búsqueda.</translation>
    </message>
    <message>
        <source>Conversations</source>
        <translation>Conversaciones</translation>
    </message>
    <message>
        <source>{title}, pinned</source>
        <translation>{title}, fijada</translation>
    </message>
    <message>
        <source>{title} section</source>
        <translation>Sección {title}</translation>
    </message>
    <message>
        <source>Project {title}, collapsed</source>
        <translation>Proyecto {title}, contraído</translation>
    </message>
    <message>
        <source>Project {title}, expanded</source>
        <translation>Proyecto {title}, expandido</translation>
    </message>
    <message>
        <source>Conversation actions</source>
        <translation>Acciones de la conversación</translation>
    </message>
    <message>
        <source>Rename</source>
        <translation>Cambiar nombre</translation>
    </message>
    <message>
        <source>Unpin</source>
        <translation>Desfijar</translation>
    </message>
    <message>
        <source>Pin</source>
        <translation>Fijar</translation>
    </message>
    <message>
        <source>Duplicate</source>
        <translation>Duplicar</translation>
    </message>
    <message>
        <source>Move to project</source>
        <translation>Mover a un proyecto</translation>
    </message>
    <message>
        <source>(no projects yet)</source>
        <translation>(todavía no hay proyectos)</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Eliminar</translation>
    </message>
    <message>
        <source>{title}
last activity {when}</source>
        <translation>{title}
última actividad {when}</translation>
    </message>
</context>
<context>
    <name>Costs</name>
    <message>
        <source>{text!r} is not an amount: write it like 0.50</source>
        <translation>{text!r} no es un importe: escríbalo como 0.50</translation>
    </message>
    <message>
        <source>{text!r} is not an amount: write a number of 0 or more</source>
        <translation>{text!r} no es un importe: escriba un número igual o mayor que 0</translation>
    </message>
    <message>
        <source>{text!r}: write the decimals with a dot, like 2.50</source>
        <translation>{text!r}: escriba los decimales con punto, como 2.50</translation>
    </message>
    <message>
        <source>{text!r} is not a number; write a price like 2.50</source>
        <translation>{text!r} no es un número; escriba un precio como 2.50</translation>
    </message>
    <message>
        <source>{text!r} is not a usable price</source>
        <translation>{text!r} no es un precio válido</translation>
    </message>
    <message>
        <source>{text!r} is negative; a price is 0 or more</source>
        <translation>{text!r} es negativo; un precio es 0 o más</translation>
    </message>
</context>
<context>
    <name>CostsView</name>
    <message>
        <source>Turns</source>
        <translation>Turnos</translation>
    </message>
    <message>
        <source>Tokens in</source>
        <translation>Tokens de entrada</translation>
    </message>
    <message>
        <source>Tokens out</source>
        <translation>Tokens de salida</translation>
    </message>
    <message>
        <source>Est. cost</source>
        <translation>Coste estimado</translation>
    </message>
    <message>
        <source>Parley — Costs</source>
        <translation>Parley — Costes</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>Total</translation>
    </message>
    <message>
        <source>Costs error</source>
        <translation>Error de costes</translation>
    </message>
    <message>
        <source>Costs</source>
        <translation>Costes</translation>
    </message>
    <message>
        <source>Per member</source>
        <translation>Por miembro</translation>
    </message>
    <message>
        <source>Per model</source>
        <translation>Por modelo</translation>
    </message>
    <message>
        <source>Reading…</source>
        <translation>Leyendo…</translation>
    </message>
    <message>
        <source>No finished turns match these filters.</source>
        <translation>Ningún turno terminado coincide con estos filtros.</translation>
    </message>
    <message>
        <source>Total: {turns} · {tokens_in:,} tokens in · {tokens_out:,} tokens out · {cost}</source>
        <translation>Total: {turns} · {tokens_in:,} tokens de entrada · {tokens_out:,} tokens de salida · {cost}</translation>
    </message>
    <message>
        <source>estimated {money}</source>
        <translation>estimado: {money}</translation>
    </message>
    <message>
        <source>no price known for these models</source>
        <translation>no se conoce el precio de estos modelos</translation>
    </message>
    <message>
        <source>{count} had no price (Settings → Prices): their tokens are counted, their cost is not.</source>
        <translation>{count} no tenían precio (Configuración → Precios): se cuentan sus tokens, no su coste.</translation>
    </message>
    <message>
        <source>Estimated with the price table in Settings → Prices.</source>
        <translation>Estimado con la tabla de precios de Configuración → Precios.</translation>
    </message>
    <message>
        <source>member {value}</source>
        <translation>miembro {value}</translation>
    </message>
    <message>
        <source>since {value}</source>
        <translation>desde {value}</translation>
    </message>
    <message>
        <source>until {value}</source>
        <translation>hasta {value}</translation>
    </message>
    <message>
        <source>provider {value}</source>
        <translation>proveedor {value}</translation>
    </message>
    <message>
        <source>model {value}</source>
        <translation>modelo {value}</translation>
    </message>
    <message>
        <source>project {value}</source>
        <translation>proyecto {value}</translation>
    </message>
    <message>
        <source>workspace {value}</source>
        <translation>carpeta de trabajo {value}</translation>
    </message>
    <message>
        <source>status {value}</source>
        <translation>estado {value}</translation>
    </message>
    <message>
        <source>verdict {value}</source>
        <translation>decisión {value}</translation>
    </message>
    <message>
        <source>with tool calls</source>
        <translation>con llamadas a herramientas</translation>
    </message>
    <message>
        <source>all finished turns</source>
        <translation>todos los turnos terminados</translation>
    </message>
    <message>
        <source>finished turns, {filters}</source>
        <translation>turnos terminados, {filters}</translation>
    </message>
    <message>
        <source>(unknown)</source>
        <translation>(desconocido)</translation>
    </message>
    <message>
        <source>{count:,} turn</source>
        <translation>{count:,} turno</translation>
    </message>
    <message>
        <source>{count:,} turns</source>
        <translation>{count:,} turnos</translation>
    </message>
    <message>
        <source>{count:,} member/model row</source>
        <translation>{count:,} fila de miembro/modelo</translation>
    </message>
    <message>
        <source>{count:,} member/model rows</source>
        <translation>{count:,} filas de miembro/modelo</translation>
    </message>
</context>
<context>
    <name>CrashReport</name>
    <message>
        <source>Parley crashed last time. The crash report is in {path} (please attach it when you report the problem).</source>
        <translation>Parley se cerró inesperadamente la última vez. El informe del fallo está en {path} (adjúntelo cuando informe del problema).</translation>
    </message>
</context>
<context>
    <name>DesktopPage</name>
    <message>
        <source>Tray</source>
        <translation>Bandeja del sistema</translation>
    </message>
    <message>
        <source>Parley&apos;s icon in the system tray opens a new chat, Quick ask and your latest conversations.</source>
        <translation>El icono de Parley en la bandeja del sistema abre un chat nuevo, la Pregunta rápida y sus conversaciones más recientes.</translation>
    </message>
    <message>
        <source>Closing the window keeps Parley in the tray</source>
        <translation>Al cerrar la ventana, Parley sigue en la bandeja</translation>
    </message>
    <message>
        <source>This desktop has no system tray, so closing the window quits Parley.</source>
        <translation>Este escritorio no tiene bandeja del sistema, así que cerrar la ventana sale de Parley.</translation>
    </message>
    <message>
        <source>Quick ask</source>
        <translation>Pregunta rápida</translation>
    </message>
    <message>
        <source>A small window on top of everything for one question. It also opens from the tray, and from the command parley quick.</source>
        <translation>Una ventana pequeña por encima de todo para una pregunta. También se abre desde la bandeja y con el comando parley quick.</translation>
    </message>
    <message>
        <source>Quick ask shortcut</source>
        <translation>Atajo de la Pregunta rápida</translation>
    </message>
    <message>
        <source>Default</source>
        <translation>Predeterminado</translation>
    </message>
    <message>
        <source>None</source>
        <translation>Ninguno</translation>
    </message>
    <message>
        <source>Quick ask shortcut state</source>
        <translation>Estado del atajo de la Pregunta rápida</translation>
    </message>
    <message>
        <source>Desktop settings problem</source>
        <translation>Problema en la configuración del escritorio</translation>
    </message>
    <message>
        <source>No shortcut: use the tray or parley quick.</source>
        <translation>Sin atajo: use la bandeja o parley quick.</translation>
    </message>
    <message>
        <source>{chord} opens Quick ask from anywhere.</source>
        <translation>{chord} abre la Pregunta rápida desde cualquier lugar.</translation>
    </message>
    <message>
        <source>Could not save: {error}</source>
        <translation>No se pudo guardar: {error}</translation>
    </message>
</context>
<context>
    <name>ElicitationDialog</name>
    <message>
        <source>{server} asks for information</source>
        <translation>{server} pide información</translation>
    </message>
    <message>
        <source>{server} asks:</source>
        <translation>{server} pregunta:</translation>
    </message>
    <message>
        <source>An MCP server is asking, not Parley. Do not give it passwords or keys.</source>
        <translation>Quien pregunta es un servidor MCP, no Parley. No le dé contraseñas ni claves.</translation>
    </message>
    <message>
        <source>* an answer is required</source>
        <translation>* se requiere una respuesta</translation>
    </message>
    <message>
        <source>Submit</source>
        <translation>Enviar</translation>
    </message>
    <message>
        <source>Decline</source>
        <translation>Rechazar</translation>
    </message>
    <message>
        <source>Tell the server you will not answer</source>
        <translation>Decir al servidor que no responderá</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
    <message>
        <source>Dismiss without answering (Esc)</source>
        <translation>Cerrar sin responder (Esc)</translation>
    </message>
    <message>
        <source>Yes</source>
        <translation>Sí</translation>
    </message>
</context>
<context>
    <name>EmptyConversation</name>
    <message>
        <source>Explain a concept</source>
        <translation>Explicar un concepto</translation>
    </message>
    <message>
        <source>Explain public keys simply.</source>
        <translation>Explica de forma sencilla las claves públicas.</translation>
    </message>
    <message>
        <source>Write code</source>
        <translation>Escribir código</translation>
    </message>
    <message>
        <source>Dedupe a file&apos;s lines in Python.</source>
        <translation>Quita las líneas duplicadas de un archivo en Python.</translation>
    </message>
    <message>
        <source>Summarise a document</source>
        <translation>Resumir un documento</translation>
    </message>
    <message>
        <source>Summarise the attached file.</source>
        <translation>Resume el archivo adjunto.</translation>
    </message>
    <message>
        <source>Plan something</source>
        <translation>Planificar algo</translation>
    </message>
    <message>
        <source>Plan three days in Lisbon.</source>
        <translation>Planifica tres días en Lisboa.</translation>
    </message>
    <message>
        <source>New conversation</source>
        <translation>Nueva conversación</translation>
    </message>
    <message>
        <source>What can I help with?</source>
        <translation>¿En qué puedo ayudarle?</translation>
    </message>
    <message>
        <source>Example: {title}</source>
        <translation>Ejemplo: {title}</translation>
    </message>
    <message>
        <source>Press {sheet} to see every keyboard shortcut.</source>
        <translation>Pulse {sheet} para ver todos los atajos de teclado.</translation>
    </message>
</context>
<context>
    <name>EmptyState</name>
    <message>
        <source>Clear filters</source>
        <translation>Borrar los filtros</translation>
    </message>
</context>
<context>
    <name>FeedbackController</name>
    <message>
        <source>Waiting for your permission…</source>
        <translation>Esperando su permiso…</translation>
    </message>
    <message>
        <source>Parley needs your permission</source>
        <translation>Parley necesita su permiso</translation>
    </message>
    <message>
        <source>A command waits for your yes.</source>
        <translation>Un comando espera su sí.</translation>
    </message>
    <message>
        <source>{model} answered</source>
        <translation>{model} ha respondido</translation>
    </message>
    <message>
        <source>The model</source>
        <translation>El modelo</translation>
    </message>
    <message>
        <source>The answer is ready.</source>
        <translation>La respuesta está lista.</translation>
    </message>
    <message>
        <source>The answer did not finish</source>
        <translation>La respuesta no terminó</translation>
    </message>
    <message>
        <source>Duplicated as “{title}”.</source>
        <translation>Duplicada como «{title}».</translation>
    </message>
    <message>
        <source>Exported to {path}</source>
        <translation>Exportado a {path}</translation>
    </message>
</context>
<context>
    <name>FilterBar</name>
    <message>
        <source>Search titles and content</source>
        <translation>Buscar en títulos y contenido</translation>
    </message>
    <message>
        <source>Search conversations</source>
        <translation>Buscar conversaciones</translation>
    </message>
    <message>
        <source>Clear search</source>
        <translation>Borrar la búsqueda</translation>
    </message>
    <message>
        <source>Date range</source>
        <translation>Intervalo de fechas</translation>
    </message>
    <message>
        <source>When the conversation&apos;s turns started</source>
        <translation>Cuándo empezaron los turnos de la conversación</translation>
    </message>
    <message>
        <source>Since</source>
        <translation>Desde</translation>
    </message>
    <message>
        <source>Limit to turns since a date</source>
        <translation>Limitar a los turnos desde una fecha</translation>
    </message>
    <message>
        <source>Since date</source>
        <translation>Fecha de inicio</translation>
    </message>
    <message>
        <source>Until</source>
        <translation>Hasta</translation>
    </message>
    <message>
        <source>Limit to turns until a date</source>
        <translation>Limitar a los turnos hasta una fecha</translation>
    </message>
    <message>
        <source>Until date</source>
        <translation>Fecha de fin</translation>
    </message>
    <message>
        <source>Any provider</source>
        <translation>Cualquier proveedor</translation>
    </message>
    <message>
        <source>Provider</source>
        <translation>Proveedor</translation>
    </message>
    <message>
        <source>Any model</source>
        <translation>Cualquier modelo</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modelo</translation>
    </message>
    <message>
        <source>Any workspace</source>
        <translation>Cualquier carpeta de trabajo</translation>
    </message>
    <message>
        <source>Workspace</source>
        <translation>Carpeta de trabajo</translation>
    </message>
    <message>
        <source>Any project</source>
        <translation>Cualquier proyecto</translation>
    </message>
    <message>
        <source>Project</source>
        <translation>Proyecto</translation>
    </message>
    <message>
        <source>Any member</source>
        <translation>Cualquier miembro</translation>
    </message>
    <message>
        <source>Member</source>
        <translation>Miembro</translation>
    </message>
    <message>
        <source>Whose conversations (a team store&apos;s members)</source>
        <translation>De quién son las conversaciones (los miembros de un almacén del equipo)</translation>
    </message>
    <message>
        <source>Turn status</source>
        <translation>Estado del turno</translation>
    </message>
    <message>
        <source>Action verdict</source>
        <translation>Decisión sobre la acción</translation>
    </message>
    <message>
        <source>Has tool calls</source>
        <translation>Con llamadas a herramientas</translation>
    </message>
    <message>
        <source>Cost at least</source>
        <translation>Coste mínimo</translation>
    </message>
    <message>
        <source>More filters: provider, workspace, project, verdict, cost, dates</source>
        <translation>Más filtros: proveedor, carpeta de trabajo, proyecto, decisión, coste, fechas</translation>
    </message>
    <message>
        <source>More filters</source>
        <translation>Más filtros</translation>
    </message>
    <message>
        <source>Filters · {count}</source>
        <translation>Filtros · {count}</translation>
    </message>
    <message>
        <source>Filters</source>
        <translation>Filtros</translation>
    </message>
    <message>
        <source>{count} more filter(s) set</source>
        <translation>{count} filtro(s) más activo(s)</translation>
    </message>
    <message>
        <source>No more filters set</source>
        <translation>No hay más filtros activos</translation>
    </message>
</context>
<context>
    <name>FixController</name>
    <message>
        <source>Check the API key and address of {provider}</source>
        <translation>Compruebe la clave de API y la dirección de {provider}</translation>
    </message>
    <message>
        <source>Pick a model that can see images, then send again</source>
        <translation>Elija un modelo que pueda ver imágenes y vuelva a enviar</translation>
    </message>
    <message>
        <source>None of the listed models is known to see images: pick or add one that does.</source>
        <translation>No se sabe de ninguno de los modelos de la lista que vea imágenes: elija o añada uno que sí lo haga.</translation>
    </message>
    <message>
        <source>The next message goes to {model}. Retry the failed message to send it.</source>
        <translation>El próximo mensaje irá a {model}. Reintente el mensaje fallido para enviarlo.</translation>
    </message>
</context>
<context>
    <name>FrameHost</name>
    <message>
        <source>Sources: </source>
        <translation>Fuentes: </translation>
    </message>
    <message>
        <source>Open {name} at {where}</source>
        <translation>Abrir {name} en {where}</translation>
    </message>
    <message>
        <source>Hide the summary</source>
        <translation>Ocultar el resumen</translation>
    </message>
    <message>
        <source>Show the summary</source>
        <translation>Mostrar el resumen</translation>
    </message>
    <message>
        <source>Show the messages the summary stands in for (the model reads the summary)</source>
        <translation>Mostrar los mensajes que sustituye el resumen (el modelo lee el resumen)</translation>
    </message>
    <message>
        <source>Hide the messages the summary stands in for</source>
        <translation>Ocultar los mensajes que sustituye el resumen</translation>
    </message>
    <message>
        <source>Hide the model&apos;s reasoning</source>
        <translation>Ocultar el razonamiento del modelo</translation>
    </message>
    <message>
        <source>Show the model&apos;s reasoning</source>
        <translation>Mostrar el razonamiento del modelo</translation>
    </message>
    <message>
        <source>You</source>
        <translation>Usted</translation>
    </message>
    <message>
        <source>Show the previous version ({label})</source>
        <translation>Mostrar la versión anterior ({label})</translation>
    </message>
    <message>
        <source>Show the next version ({label})</source>
        <translation>Mostrar la versión siguiente ({label})</translation>
    </message>
    <message>
        <source>the server says: {claims} (a claim Parley cannot check)</source>
        <translation>el servidor afirma: {claims} (una afirmación que Parley no puede comprobar)</translation>
    </message>
    <message>
        <source>↻ Retry</source>
        <translation>↻ Reintentar</translation>
    </message>
    <message>
        <source>{tokens:,} in</source>
        <translation>{tokens:,} de entrada</translation>
    </message>
    <message>
        <source>{tokens:,} out</source>
        <translation>{tokens:,} de salida</translation>
    </message>
    <message>
        <source>{seconds:.1f} s</source>
        <translation>{seconds:.1f} s</translation>
    </message>
    <message>
        <source>{count} turn</source>
        <translation>{count} turno</translation>
    </message>
    <message>
        <source>{count} turns</source>
        <translation>{count} turnos</translation>
    </message>
    <message>
        <source>by {model}</source>
        <translation>por {model}</translation>
    </message>
    <message>
        <source>automatically</source>
        <translation>automáticamente</translation>
    </message>
    <message>
        <source>with /compact</source>
        <translation>con /compact</translation>
    </message>
</context>
<context>
    <name>GateReason</name>
    <message>
        <source>writes</source>
        <translation>escribe</translation>
    </message>
    <message>
        <source>deletes</source>
        <translation>borra</translation>
    </message>
    <message>
        <source>redirects output to</source>
        <translation>redirige la salida hacia</translation>
    </message>
    <message>
        <source>redirects output to {path}, which {detail}</source>
        <translation>redirige la salida a {path}, que {detail}</translation>
    </message>
    <message>
        <source>redirects output to {path} (inside the sandbox)</source>
        <translation>redirige la salida a {path} (dentro del entorno aislado)</translation>
    </message>
    <message>
        <source>redirects output to {path}: outside the sandbox, into the workspace itself</source>
        <translation>redirige la salida a {path}: fuera del entorno aislado, en la propia carpeta de trabajo</translation>
    </message>
    <message>
        <source>redirects output to {path}, under the protected {prefix}</source>
        <translation>redirige la salida a {path}, dentro de la ruta protegida {prefix}</translation>
    </message>
    <message>
        <source>redirects output to the disk device {device}</source>
        <translation>redirige la salida al dispositivo de disco {device}</translation>
    </message>
    <message>
        <source>a process substitution</source>
        <translation>una sustitución de procesos</translation>
    </message>
    <message>
        <source>is in the home directory</source>
        <translation>está en la carpeta personal</translation>
    </message>
    <message>
        <source>is only known at run time</source>
        <translation>solo se conoce al ejecutarse</translation>
    </message>
    <message>
        <source>is an empty path</source>
        <translation>es una ruta vacía</translation>
    </message>
    <message>
        <source>is relative to a directory {lost}</source>
        <translation>es relativa a un directorio {lost}</translation>
    </message>
    <message>
        <source>has &apos;..&apos; after the pattern {part!r} (a link?)</source>
        <translation>tiene &apos;..&apos; después del patrón {part!r} (¿un enlace?)</translation>
    </message>
    <message>
        <source>is outside the workspace and the sandbox</source>
        <translation>está fuera de la carpeta de trabajo y del entorno aislado</translation>
    </message>
    <message>
        <source>leads outside ({message})</source>
        <translation>lleva fuera ({message})</translation>
    </message>
    <message>
        <source>may match &apos;..&apos; above the root</source>
        <translation>puede coincidir con &apos;..&apos; por encima de la raíz</translation>
    </message>
    <message>
        <source>may match the link {link!r} that leads outside</source>
        <translation>puede coincidir con el enlace {link!r}, que lleva fuera</translation>
    </message>
    <message>
        <source>installing {requirement} downloads and runs third-party code</source>
        <translation>instalar {requirement} descarga y ejecuta código de terceros</translation>
    </message>
    <message>
        <source>the path {path} {detail}</source>
        <translation>la ruta {path} {detail}</translation>
    </message>
    <message>
        <source>{path} {detail}; reading outside the workspace and the sandbox needs permission</source>
        <translation>{path} {detail}; leer fuera de la carpeta de trabajo y del entorno aislado requiere permiso</translation>
    </message>
    <message>
        <source>reading {path} recursively may follow the link {link!r}, which leads outside the workspace</source>
        <translation>leer {path} de forma recursiva puede seguir el enlace {link!r}, que lleva fuera de la carpeta de trabajo</translation>
    </message>
    <message>
        <source>{verb} the disk device {device}</source>
        <translation>{verb} el dispositivo de disco {device}</translation>
    </message>
    <message>
        <source>{verb} {path}, which {detail}</source>
        <translation>{verb} {path}, que {detail}</translation>
    </message>
    <message>
        <source>{verb} {path}, under the protected {prefix}</source>
        <translation>{verb} {path}, dentro de la ruta protegida {prefix}</translation>
    </message>
    <message>
        <source>{verb} {path} (inside the sandbox)</source>
        <translation>{verb} {path} (dentro del entorno aislado)</translation>
    </message>
    <message>
        <source>{verb} {path}: outside the sandbox, into the workspace itself</source>
        <translation>{verb} {path}: fuera del entorno aislado, en la propia carpeta de trabajo</translation>
    </message>
    <message>
        <source>is outside the sandbox</source>
        <translation>está fuera del entorno aislado</translation>
    </message>
    <message>
        <source>{verb} the workspace root</source>
        <translation>{verb} la raíz de la carpeta de trabajo</translation>
    </message>
    <message>
        <source>{verb} {path} (outside the sandbox)</source>
        <translation>{verb} {path} (fuera del entorno aislado)</translation>
    </message>
    <message>
        <source>{verb} {path}, under a protected path</source>
        <translation>{verb} {path}, dentro de una ruta protegida</translation>
    </message>
    <message>
        <source>the command is empty</source>
        <translation>el comando está vacío</translation>
    </message>
    <message>
        <source>the command contains a NUL character</source>
        <translation>el comando contiene un carácter NUL</translation>
    </message>
    <message>
        <source>the working directory {cwd!r} is not valid</source>
        <translation>el directorio de trabajo {cwd!r} no es válido</translation>
    </message>
    <message>
        <source>cannot be judged ({error}) and it names {name}</source>
        <translation>no se puede evaluar ({error}) y menciona {name}</translation>
    </message>
    <message>
        <source>cannot be judged: {error}</source>
        <translation>no se puede evaluar: {error}</translation>
    </message>
    <message>
        <source>commands nested too deeply</source>
        <translation>comandos con demasiados niveles de anidamiento</translation>
    </message>
    <message>
        <source>downloads with {fetcher} and runs code with {runner}</source>
        <translation>descarga con {fetcher} y ejecuta código con {runner}</translation>
    </message>
    <message>
        <source>read-only: {programs}</source>
        <translation>solo lectura: {programs}</translation>
    </message>
    <message>
        <source>too deeply nested or too long to judge</source>
        <translation>demasiado anidado o demasiado largo para evaluarlo</translation>
    </message>
    <message>
        <source>sets {var}, which can make a program load or run other code</source>
        <translation>define {var}, que puede hacer que un programa cargue o ejecute otro código</translation>
    </message>
    <message>
        <source>sets the environment variable {var}</source>
        <translation>define la variable de entorno {var}</translation>
    </message>
    <message>
        <source>control flow ({control}) is not judged</source>
        <translation>el flujo de control ({control}) no se evalúa</translation>
    </message>
    <message>
        <source>a word starts with ~ (the home directory)</source>
        <translation>una palabra empieza por ~ (la carpeta personal)</translation>
    </message>
    <message>
        <source>the program {program} is only known at run time</source>
        <translation>el programa {program} solo se conoce al ejecutarse</translation>
    </message>
    <message>
        <source>{name} runs a command with other privileges</source>
        <translation>{name} ejecuta un comando con otros privilegios</translation>
    </message>
    <message>
        <source>{program} is not a bare name resolved to a trusted system program ({why})</source>
        <translation>{program} no es un nombre simple que se resuelva en un programa de confianza del sistema ({why})</translation>
    </message>
    <message>
        <source>{name} runs whatever {fed_by} feeds it</source>
        <translation>{name} ejecuta lo que le pase {fed_by}</translation>
    </message>
    <message>
        <source>{wrapper} is not a trusted system program</source>
        <translation>{wrapper} no es un programa de confianza del sistema</translation>
    </message>
    <message>
        <source>{name} controls the whole system</source>
        <translation>{name} controla todo el sistema</translation>
    </message>
    <message>
        <source>{name} formats or partitions disks</source>
        <translation>{name} formatea o particiona discos</translation>
    </message>
    <message>
        <source>{name} is not on the allow-list</source>
        <translation>{name} no está en la lista de permitidos</translation>
    </message>
    <message>
        <source>cd to a directory that is not named inside</source>
        <translation>cd a un directorio que no se indica dentro</translation>
    </message>
    <message>
        <source>cd {path} leaves the workspace</source>
        <translation>cd {path} sale de la carpeta de trabajo</translation>
    </message>
    <message>
        <source>git {sub} is not a read-only subcommand</source>
        <translation>git {sub} no es un subcomando de solo lectura</translation>
    </message>
    <message>
        <source>git {sub} {flag} may change refs</source>
        <translation>git {sub} {flag} puede cambiar referencias</translation>
    </message>
    <message>
        <source>git {sub} with a name creates it</source>
        <translation>git {sub} con un nombre lo crea</translation>
    </message>
    <message>
        <source>git remote beyond -v may change or fetch</source>
        <translation>git remote con algo más que -v puede cambiar o descargar</translation>
    </message>
    <message>
        <source>cp copies the link {link!r} as a link</source>
        <translation>cp copia el enlace {link!r} como enlace</translation>
    </message>
    <message>
        <source>a link in the sandbox could later redirect reads or writes</source>
        <translation>un enlace en el entorno aislado podría redirigir después lecturas o escrituras</translation>
    </message>
    <message>
        <source>ln links to {source}, outside the workspace</source>
        <translation>ln enlaza a {source}, fuera de la carpeta de trabajo</translation>
    </message>
    <message>
        <source>the package name is empty</source>
        <translation>el nombre del paquete está vacío</translation>
    </message>
    <message>
        <source>the package name contains a control character</source>
        <translation>el nombre del paquete contiene un carácter de control</translation>
    </message>
    <message>
        <source>{text!r} is an option, not a package name</source>
        <translation>{text!r} es una opción, no un nombre de paquete</translation>
    </message>
    <message>
        <source>{text!r} is a URL or a VCS reference, not a PyPI name</source>
        <translation>{text!r} es una URL o una referencia de VCS, no un nombre de PyPI</translation>
    </message>
    <message>
        <source>{text!r} is a path, not a PyPI name</source>
        <translation>{text!r} es una ruta, no un nombre de PyPI</translation>
    </message>
    <message>
        <source>{text!r} is not a PyPI requirement (a name, optional [extras], optional version such as &gt;=1.2)</source>
        <translation>{text!r} no es un requisito de PyPI (un nombre, [extras] opcionales y una versión opcional como &gt;=1.2)</translation>
    </message>
    <message>
        <source>{wrapper} runs nothing</source>
        <translation>{wrapper} no ejecuta nada</translation>
    </message>
    <message>
        <source>{name} only reads</source>
        <translation>{name} solo lee</translation>
    </message>
    <message>
        <source>{name} only prints its arguments</source>
        <translation>{name} solo imprime sus argumentos</translation>
    </message>
    <message>
        <source>printf only prints</source>
        <translation>printf solo imprime</translation>
    </message>
    <message>
        <source>git {sub} lists</source>
        <translation>git {sub} solo lista</translation>
    </message>
    <message>
        <source>git remote -v lists</source>
        <translation>git remote -v solo lista</translation>
    </message>
    <message>
        <source>git {sub} only reads</source>
        <translation>git {sub} solo lee</translation>
    </message>
    <message>
        <source>cd {path}</source>
        <translation>cd {path}</translation>
    </message>
    <message>
        <source>cd {path}: {why}</source>
        <translation>cd {path}: {why}</translation>
    </message>
    <message>
        <source>your settings deny this tool</source>
        <translation>su configuración deniega esta herramienta</translation>
    </message>
    <message>
        <source>you chose to always allow this tool</source>
        <translation>eligió permitir siempre esta herramienta</translation>
    </message>
    <message>
        <source>you allowed this tool for this conversation</source>
        <translation>permitió esta herramienta para esta conversación</translation>
    </message>
    <message>
        <source>the server says this tool only reads</source>
        <translation>el servidor indica que esta herramienta solo lee</translation>
    </message>
    <message>
        <source>your settings ask before this tool runs</source>
        <translation>su configuración pide confirmación antes de ejecutar esta herramienta</translation>
    </message>
    <message>
        <source>this turn asks before every action</source>
        <translation>este turno pregunta antes de cada acción</translation>
    </message>
    <message>
        <source>the server says this tool may delete or overwrite things</source>
        <translation>el servidor indica que esta herramienta puede borrar o sobrescribir cosas</translation>
    </message>
    <message>
        <source>the server says this tool reaches outside services</source>
        <translation>el servidor indica que esta herramienta accede a servicios externos</translation>
    </message>
    <message>
        <source>the server does not say this tool only reads</source>
        <translation>el servidor no indica que esta herramienta solo lea</translation>
    </message>
    <message>
        <source>{reason} (an unattended turn never asks, so it refuses)</source>
        <translation>{reason} (un turno desatendido nunca pregunta, así que rechaza la acción)</translation>
    </message>
    <message>
        <source>the arguments of {tool} are not a JSON object ({error}). Send them as one JSON object, for example {example}.</source>
        <translation>los argumentos de {tool} no son un objeto JSON ({error}). Envíelos como un único objeto JSON, por ejemplo {example}.</translation>
    </message>
    <message>
        <source>{raw!r} is a directory, not a file. Use list_dir with path {rel!r} to see its entries, then read_file one of them.</source>
        <translation>{raw!r} es un directorio, no un archivo. Use list_dir con la ruta {rel!r} para ver su contenido y después read_file con una de sus entradas.</translation>
    </message>
    <message>
        <source>{raw!r} is a file, not a directory. Use read_file with path {rel!r} to read it, or list_dir {parent!r} to see the directory it is in.</source>
        <translation>{raw!r} es un archivo, no un directorio. Use read_file con la ruta {rel!r} para leerlo, o list_dir {parent!r} para ver el directorio en el que está.</translation>
    </message>
    <message>
        <source>the pattern is empty. Give a regular expression (or plain text) to look for.</source>
        <translation>el patrón está vacío. Indique una expresión regular (o texto sin formato) que buscar.</translation>
    </message>
    <message>
        <source>{raw!r} is under the protected {protected!r}, which no action may write. Write the file somewhere else.</source>
        <translation>{raw!r} está dentro de la ruta protegida {protected!r}, donde ninguna acción puede escribir. Escriba el archivo en otro lugar.</translation>
    </message>
    <message>
        <source>the directory {rel!r} already exists; nothing to create</source>
        <translation>el directorio {rel!r} ya existe; no hay nada que crear</translation>
    </message>
    <message>
        <source>{raw!r} names a directory; write_file writes files. Give a file path (parent directories are created as needed), e.g. &apos;notes/summary.md&apos;.</source>
        <translation>{raw!r} indica un directorio; write_file escribe archivos. Indique una ruta de archivo (los directorios superiores se crean según haga falta), p. ej. &apos;notes/summary.md&apos;.</translation>
    </message>
    <message>
        <source>{raw!r} is an existing directory. Give a file path inside it, e.g. &apos;{rel}/new_file.txt&apos;.</source>
        <translation>{raw!r} es un directorio existente. Indique una ruta de archivo dentro de él, p. ej. &apos;{rel}/new_file.txt&apos;.</translation>
    </message>
    <message>
        <source>{parent!r} is a file, so {rel!r} cannot be created under it. Choose another directory.</source>
        <translation>{parent!r} es un archivo, así que no se puede crear {rel!r} dentro de él. Elija otro directorio.</translation>
    </message>
    <message>
        <source>sandbox:{rel} already holds exactly this content; nothing to write</source>
        <translation>sandbox:{rel} ya tiene exactamente este contenido; no hay nada que escribir</translation>
    </message>
    <message>
        <source>the command is empty. Give the shell command to run.</source>
        <translation>el comando está vacío. Indique el comando de shell que se debe ejecutar.</translation>
    </message>
    <message>
        <source>the command contains a NUL character. Remove it.</source>
        <translation>el comando contiene un carácter NUL. Elimínelo.</translation>
    </message>
    <message>
        <source>{directories} already exist(s) as directories; nothing to create</source>
        <translation>{directories} ya existe(n) como directorios; no hay nada que crear</translation>
    </message>
    <message>
        <source>there is no file {rel!r} in the workspace or the sandbox.{hint} Use list_dir with path {parent!r} to see what exists, then try again.</source>
        <translation>no hay ningún archivo {rel!r} en la carpeta de trabajo ni en el entorno aislado.{hint} Use list_dir con la ruta {parent!r} para ver lo que existe y vuelva a intentarlo.</translation>
    </message>
    <message>
        <source>there is no directory {rel!r} in the workspace or the sandbox.{hint} Use list_dir with path {parent!r} to see what exists, then try again.</source>
        <translation>no hay ningún directorio {rel!r} en la carpeta de trabajo ni en el entorno aislado.{hint} Use list_dir con la ruta {parent!r} para ver lo que existe y vuelva a intentarlo.</translation>
    </message>
    <message>
        <source> Nearest existing {kind}s: {near}.</source>
        <translation> Lo más parecido que existe ({kind}): {near}.</translation>
    </message>
    <message>
        <source>{raw!r} {problem}, which no action may create: git run there would obey its config and hooks. Write the file under another name or directory.</source>
        <translation>{raw!r} {problem}, algo que ninguna acción puede crear: git, ejecutado allí, obedecería su configuración y sus hooks. Escriba el archivo con otro nombre o en otro directorio.</translation>
    </message>
    <message>
        <source>has the component {part!r}, which is a git repository&apos;s directory</source>
        <translation>tiene el componente {part!r}, que es el directorio de un repositorio git</translation>
    </message>
    <message>
        <source>would make {where!r} look like a git repository (HEAD with objects/ or refs/)</source>
        <translation>haría que {where!r} pareciera un repositorio git (HEAD con objects/ o refs/)</translation>
    </message>
    <message>
        <source> Nearest directories: {near}.</source>
        <translation> Directorios más parecidos: {near}.</translation>
    </message>
    <message>
        <source>the cwd {cwd!r} is not a directory of the workspace.{hint} Use &apos;sandbox&apos; (the default), &apos;workspace&apos;, or an existing workspace directory.</source>
        <translation>el cwd {cwd!r} no es un directorio de la carpeta de trabajo.{hint} Use &apos;sandbox&apos; (el valor predeterminado), &apos;workspace&apos; o un directorio existente de la carpeta de trabajo.</translation>
    </message>
    <message>
        <source>{message}. Give a package name from PyPI, optionally with [extras] and a version, e.g. &apos;requests&apos; or &apos;requests[socks]&gt;=2.31&apos;.</source>
        <translation>{message}. Indique un nombre de paquete de PyPI, opcionalmente con [extras] y una versión, p. ej. &apos;requests&apos; o &apos;requests[socks]&gt;=2.31&apos;.</translation>
    </message>
    <message>
        <source>the {argument} {raw!r} is not usable: {message}.</source>
        <translation>el argumento {argument} {raw!r} no se puede usar: {message}.</translation>
    </message>
    <message>
        <source>the {argument} {raw!r} is not usable: {message}. {what}</source>
        <translation>el argumento {argument} {raw!r} no se puede usar: {message}. {what}</translation>
    </message>
    <message>
        <source>Give a path relative to the workspace root.</source>
        <translation>Indique una ruta relativa a la raíz de la carpeta de trabajo.</translation>
    </message>
    <message>
        <source>Give it relative to the root instead: {rel!r}.</source>
        <translation>Indíquela en su lugar relativa a la raíz: {rel!r}.</translation>
    </message>
    <message>
        <source>Give a path relative to the workspace root, e.g. &apos;src/main.py&apos; or &apos;.&apos;.</source>
        <translation>Indique una ruta relativa a la raíz de la carpeta de trabajo, p. ej. &apos;src/main.py&apos; o &apos;.&apos;.</translation>
    </message>
    <message>
        <source>Remove the NUL character.</source>
        <translation>Elimine el carácter NUL.</translation>
    </message>
    <message>
        <source>Remove the control character (newline, tab, …) from the path.</source>
        <translation>Elimine de la ruta el carácter de control (salto de línea, tabulación, …).</translation>
    </message>
    <message>
        <source>Only the workspace is reachable; give a path relative to its root.</source>
        <translation>Solo se puede acceder a la carpeta de trabajo; indique una ruta relativa a su raíz.</translation>
    </message>
    <message>
        <source>Use &apos;/&apos; to separate directories, e.g. &apos;src/main.py&apos;.</source>
        <translation>Use &apos;/&apos; para separar directorios, p. ej. &apos;src/main.py&apos;.</translation>
    </message>
    <message>
        <source>Only the workspace is reachable; remove the &apos;..&apos; that leaves it.</source>
        <translation>Solo se puede acceder a la carpeta de trabajo; elimine el &apos;..&apos; que sale de ella.</translation>
    </message>
    <message>
        <source>Name a file inside the workspace instead.</source>
        <translation>Indique en su lugar un archivo dentro de la carpeta de trabajo.</translation>
    </message>
    <message>
        <source>The links form a loop; name the real file instead.</source>
        <translation>Los enlaces forman un bucle; indique en su lugar el archivo real.</translation>
    </message>
    <message>
        <source>there is no tool named {tool!r}, and no tools are available in this turn. Answer without tools.</source>
        <translation>no hay ninguna herramienta llamada {tool!r} y no hay herramientas disponibles en este turno. Responda sin herramientas.</translation>
    </message>
    <message>
        <source> Did you mean {near}?</source>
        <translation> ¿Quería decir {near}?</translation>
    </message>
    <message>
        <source>there is no tool named {tool!r}.{hint} The available tools are: {tools}. Call one of those.</source>
        <translation>no hay ninguna herramienta llamada {tool!r}.{hint} Las herramientas disponibles son: {tools}. Llame a una de ellas.</translation>
    </message>
    <message>
        <source>the path is empty</source>
        <translation>la ruta está vacía</translation>
    </message>
    <message>
        <source>the path contains a NUL character</source>
        <translation>la ruta contiene un carácter NUL</translation>
    </message>
    <message>
        <source>the path contains a control character</source>
        <translation>la ruta contiene un carácter de control</translation>
    </message>
    <message>
        <source>{raw!r} starts with &apos;~&apos; (a home directory, outside the workspace)</source>
        <translation>{raw!r} empieza por &apos;~&apos; (una carpeta personal, fuera de la carpeta de trabajo)</translation>
    </message>
    <message>
        <source>{raw!r} contains a backslash; use &apos;/&apos; between directories</source>
        <translation>{raw!r} contiene una barra invertida; use &apos;/&apos; entre directorios</translation>
    </message>
    <message>
        <source>{raw!r} is an absolute path</source>
        <translation>{raw!r} es una ruta absoluta</translation>
    </message>
    <message>
        <source>{raw!r} climbs above the workspace root with &apos;..&apos;</source>
        <translation>{raw!r} sube por encima de la raíz de la carpeta de trabajo con &apos;..&apos;</translation>
    </message>
    <message>
        <source>&apos;..&apos; climbs above the {root} root</source>
        <translation>&apos;..&apos; sube por encima de la raíz de {root}</translation>
    </message>
    <message>
        <source>{key!r} is a link that leads outside the workspace</source>
        <translation>{key!r} es un enlace que lleva fuera de la carpeta de trabajo</translation>
    </message>
    <message>
        <source>{key!r} is part of a link loop</source>
        <translation>{key!r} forma parte de un bucle de enlaces</translation>
    </message>
    <message>
        <source>{name} runs a command as another user</source>
        <translation>{name} ejecuta un comando como otro usuario</translation>
    </message>
    <message>
        <source>what {name} runs is only known at run time</source>
        <translation>lo que ejecuta {name} solo se conoce al ejecutarse</translation>
    </message>
    <message>
        <source>env option {option!r} (e.g. -S, -C) is not modelled</source>
        <translation>la opción {option!r} de env (p. ej. -S, -C) no está modelada</translation>
    </message>
    <message>
        <source>{name} option {option!r} is not modelled</source>
        <translation>la opción {option!r} de {name} no está modelada</translation>
    </message>
    <message>
        <source>{name} needs a plain duration before the command</source>
        <translation>{name} necesita una duración literal antes del comando</translation>
    </message>
    <message>
        <source>{name} without a command</source>
        <translation>{name} sin comando</translation>
    </message>
    <message>
        <source>{name} {option} only looks a name up</source>
        <translation>{name} {option} solo busca un nombre</translation>
    </message>
    <message>
        <source>{name} {option} with a run-time argument</source>
        <translation>{name} {option} con un argumento que solo se conoce al ejecutarse</translation>
    </message>
    <message>
        <source>xargs {option} needs a plain value</source>
        <translation>xargs {option} necesita un valor literal</translation>
    </message>
    <message>
        <source>xargs option {option!r} is not modelled</source>
        <translation>la opción {option!r} de xargs no está modelada</translation>
    </message>
    <message>
        <source>{name} {option} option is not modelled</source>
        <translation>la opción {option} de {name} no está modelada</translation>
    </message>
    <message>
        <source>{name} option {option!r} (login, interactive, stdin) is not modelled</source>
        <translation>la opción {option!r} de {name} (login, interactivo, stdin) no está modelada</translation>
    </message>
    <message>
        <source>{name} -c without a script</source>
        <translation>{name} -c sin script</translation>
    </message>
    <message>
        <source>the script {name} -c runs is only known at run time</source>
        <translation>el script que ejecuta {name} -c solo se conoce al ejecutarse</translation>
    </message>
</context>
<context>
    <name>GlobalShortcut</name>
    <message>
        <source>Wayland does not let applications take a key from the whole desktop. Add a shortcut in your desktop&apos;s keyboard settings that runs: parley quick</source>
        <translation>Wayland no permite a las aplicaciones tomar una tecla para todo el escritorio. Añada en la configuración de teclado de su escritorio un atajo que ejecute: parley quick</translation>
    </message>
    <message>
        <source>A desktop-wide shortcut is not available here ({platform}). Use the tray menu, or give your system&apos;s shortcut settings the command: parley quick</source>
        <translation>Aquí no hay un atajo para todo el escritorio ({platform}). Use el menú de la bandeja o indique en la configuración de atajos de su sistema el comando: parley quick</translation>
    </message>
    <message>
        <source>“{text}” is not a key chord (e.g. {chord}).</source>
        <translation>«{text}» no es una combinación de teclas (p. ej. {chord}).</translation>
    </message>
    <message>
        <source>{text} needs Ctrl, Alt or Super: a key alone belongs to every program.</source>
        <translation>{text} necesita Ctrl, Alt o Super: una tecla sola pertenece a todos los programas.</translation>
    </message>
    <message>
        <source>{text}: that key cannot be used; choose a letter, Space or F1 to F12.</source>
        <translation>{text}: esa tecla no se puede usar; elija una letra, Espacio o de F1 a F12.</translation>
    </message>
    <message>
        <source>libxcb is not available: {e}</source>
        <translation>libxcb no está disponible: {e}</translation>
    </message>
    <message>
        <source>Cannot reach the X display.</source>
        <translation>No se puede acceder a la pantalla X.</translation>
    </message>
    <message>
        <source>The keyboard has no key for {chord}.</source>
        <translation>El teclado no tiene tecla para {chord}.</translation>
    </message>
    <message>
        <source>Another application already uses {chord}.</source>
        <translation>Otra aplicación ya usa {chord}.</translation>
    </message>
    <message>
        <source>The X server refused {chord} (error {code}).</source>
        <translation>El servidor X rechazó {chord} (error {code}).</translation>
    </message>
    <message>
        <source>The X display connection was lost.</source>
        <translation>Se perdió la conexión con la pantalla X.</translation>
    </message>
</context>
<context>
    <name>History</name>
    <message>
        <source>nothing can be saved: the history {path} is open read-only ({why})</source>
        <translation>no se puede guardar nada: el historial {path} está abierto en modo de solo lectura ({why})</translation>
    </message>
    <message>
        <source>cannot read the event store {path}: {detail}</source>
        <translation>no se puede leer el almacén de eventos {path}: {detail}</translation>
    </message>
</context>
<context>
    <name>HistoryFilters</name>
    <message>
        <source>Any time</source>
        <translation>Cualquier fecha</translation>
    </message>
    <message>
        <source>Today</source>
        <translation>Hoy</translation>
    </message>
    <message>
        <source>Last 7 days</source>
        <translation>Últimos 7 días</translation>
    </message>
    <message>
        <source>Last 30 days</source>
        <translation>Últimos 30 días</translation>
    </message>
    <message>
        <source>Last 12 months</source>
        <translation>Últimos 12 meses</translation>
    </message>
    <message>
        <source>Custom range…</source>
        <translation>Intervalo personalizado…</translation>
    </message>
    <message>
        <source>Only conversations whose estimated cost is at least this amount (e.g. 0.50), priced with Settings → Prices; a conversation without a price is left out</source>
        <translation>Solo las conversaciones cuyo coste estimado sea al menos este importe (p. ej. 0.50), calculado con Configuración → Precios; se excluye una conversación sin precio</translation>
    </message>
    <message>
        <source>Any status</source>
        <translation>Cualquier estado</translation>
    </message>
    <message>
        <source>Has a failed turn</source>
        <translation>Con un turno fallido</translation>
    </message>
    <message>
        <source>Has a cancelled turn</source>
        <translation>Con un turno cancelado</translation>
    </message>
    <message>
        <source>Has an interrupted turn</source>
        <translation>Con un turno interrumpido</translation>
    </message>
    <message>
        <source>Has a timed-out turn</source>
        <translation>Con un turno con tiempo agotado</translation>
    </message>
    <message>
        <source>Has a completed turn</source>
        <translation>Con un turno completado</translation>
    </message>
    <message>
        <source>Any verdict</source>
        <translation>Cualquier decisión</translation>
    </message>
    <message>
        <source>Has a refused action</source>
        <translation>Con una acción rechazada</translation>
    </message>
    <message>
        <source>Has an action that asked</source>
        <translation>Con una acción que preguntó</translation>
    </message>
    <message>
        <source>Has a rejected action</source>
        <translation>Con una acción denegada</translation>
    </message>
    <message>
        <source>Has a dropped action</source>
        <translation>Con una acción descartada</translation>
    </message>
    <message>
        <source>Has an action allowed by the user</source>
        <translation>Con una acción permitida por el usuario</translation>
    </message>
</context>
<context>
    <name>HistoryStores</name>
    <message>
        <source>Team store ({address})</source>
        <translation>Almacén del equipo ({address})</translation>
    </message>
</context>
<context>
    <name>HistoryTable</name>
    <message>
        <source>Title</source>
        <translation>Título</translation>
    </message>
    <message>
        <source>Workspace</source>
        <translation>Carpeta de trabajo</translation>
    </message>
    <message>
        <source>First activity</source>
        <translation>Primera actividad</translation>
    </message>
    <message>
        <source>Last activity</source>
        <translation>Última actividad</translation>
    </message>
    <message>
        <source>Models</source>
        <translation>Modelos</translation>
    </message>
    <message>
        <source>Turns</source>
        <translation>Turnos</translation>
    </message>
    <message>
        <source>Tokens in</source>
        <translation>Tokens de entrada</translation>
    </message>
    <message>
        <source>Tokens out</source>
        <translation>Tokens de salida</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>Coste</translation>
    </message>
    <message>
        <source>Failures</source>
        <translation>Fallos</translation>
    </message>
    <message>
        <source>Member</source>
        <translation>Miembro</translation>
    </message>
    <message>
        <source>{count:,} turn(s) failed, timed out or were interrupted</source>
        <translation>{count:,} turno(s) fallaron, agotaron el tiempo o se interrumpieron</translation>
    </message>
    <message>
        <source>an action was refused by the gate or rejected by you</source>
        <translation>el control de permisos denegó una acción o usted la rechazó</translation>
    </message>
    <message>
        <source>a turn was stopped before it finished</source>
        <translation>un turno se detuvo antes de terminar</translation>
    </message>
    <message>
        <source>every turn completed</source>
        <translation>todos los turnos se completaron</translation>
    </message>
    <message>
        <source>no turn yet</source>
        <translation>todavía no hay turnos</translation>
    </message>
</context>
<context>
    <name>HistoryWindow</name>
    <message>
        <source>Parley — History</source>
        <translation>Parley — Historial</translation>
    </message>
    <message>
        <source>Conversations</source>
        <translation>Conversaciones</translation>
    </message>
    <message>
        <source>Number of conversations shown</source>
        <translation>Número de conversaciones mostradas</translation>
    </message>
    <message>
        <source>History</source>
        <translation>Historial</translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation>&amp;Actualizar</translation>
    </message>
    <message>
        <source>Export &amp;selected conversation(s)…</source>
        <translation>Exportar la(s) conversación(es) &amp;seleccionada(s)…</translation>
    </message>
    <message>
        <source>Export all &amp;shown…</source>
        <translation>Exportar todas las &amp;mostradas…</translation>
    </message>
    <message>
        <source>Export &amp;everything…</source>
        <translation>Exportar &amp;todo…</translation>
    </message>
    <message>
        <source>&amp;Verify record</source>
        <translation>&amp;Verificar el registro</translation>
    </message>
    <message>
        <source>&amp;Costs per member and model…</source>
        <translation>&amp;Costes por miembro y modelo…</translation>
    </message>
    <message>
        <source>&amp;Delete conversation…</source>
        <translation>&amp;Eliminar la conversación…</translation>
    </message>
    <message>
        <source>&amp;Next match</source>
        <translation>&amp;Siguiente coincidencia</translation>
    </message>
    <message>
        <source>&amp;Close</source>
        <translation>&amp;Cerrar</translation>
    </message>
    <message>
        <source>&amp;History</source>
        <translation>&amp;Historial</translation>
    </message>
    <message>
        <source>Export: the selected conversations (Ctrl+E), all shown, or everything</source>
        <translation>Exportar: las conversaciones seleccionadas (Ctrl+E), todas las mostradas o todo</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>Exportar</translation>
    </message>
    <message>
        <source>A menu: the selected conversations, all shown, or everything</source>
        <translation>Un menú: las conversaciones seleccionadas, todas las mostradas o todo</translation>
    </message>
    <message>
        <source>No conversations match</source>
        <translation>Ninguna conversación coincide</translation>
    </message>
    <message>
        <source>Nothing matches “{text}” with these filters.</source>
        <translation>Nada coincide con «{text}» con estos filtros.</translation>
    </message>
    <message>
        <source>Nothing matches these filters.</source>
        <translation>Nada coincide con estos filtros.</translation>
    </message>
    <message>
        <source>Try other words, a wider date range, or clear the filters.</source>
        <translation>Pruebe otras palabras, un intervalo de fechas más amplio o quite los filtros.</translation>
    </message>
    <message>
        <source>No history yet</source>
        <translation>Todavía no hay historial</translation>
    </message>
    <message>
        <source>Every conversation you have in Parley is recorded here: each turn, the model that answered, tool calls and the permission decisions, with tokens and failures. Start a chat in the main window and it appears here, ready to search, verify and export.</source>
        <translation>Cada conversación que tiene en Parley se registra aquí: cada turno, el modelo que respondió, las llamadas a herramientas y las decisiones de permisos, con tokens y fallos. Empiece un chat en la ventana principal y aparecerá aquí, lista para buscar, verificar y exportar.</translation>
    </message>
    <message>
        <source>Loading…</source>
        <translation>Cargando…</translation>
    </message>
    <message>
        <source>Costs are summed on a team store: pick one in the store picker.</source>
        <translation>Los costes se suman en un almacén del equipo: elija uno en el selector de almacén.</translation>
    </message>
    <message>
        <source>Cannot sum the costs: {exc}</source>
        <translation>No se pueden sumar los costes: {exc}</translation>
    </message>
    <message>
        <source>Cannot read the team store: {exc}</source>
        <translation>No se puede leer el almacén del equipo: {exc}</translation>
    </message>
    <message>
        <source>Cannot read the history: {exc}</source>
        <translation>No se puede leer el historial: {exc}</translation>
    </message>
    <message>
        <source>Loading “{value}”…</source>
        <translation>Cargando «{value}»…</translation>
    </message>
    <message>
        <source>Cannot read this conversation: {exc}</source>
        <translation>No se puede leer esta conversación: {exc}</translation>
    </message>
    <message>
        <source>Select a conversation to export.</source>
        <translation>Seleccione una conversación para exportar.</translation>
    </message>
    <message>
        <source>No conversation is shown.</source>
        <translation>No se muestra ninguna conversación.</translation>
    </message>
    <message>
        <source>This Parley cannot export {value} yet; use JSON.</source>
        <translation>Este Parley todavía no puede exportar {value}; use JSON.</translation>
    </message>
    <message>
        <source>Exporting to {path}…</source>
        <translation>Exportando a {path}…</translation>
    </message>
    <message>
        <source>Exported to {written}</source>
        <translation>Exportado a {written}</translation>
    </message>
    <message>
        <source>Cannot export to {path}: {exc}</source>
        <translation>No se puede exportar a {path}: {exc}</translation>
    </message>
    <message>
        <source>Select a conversation to verify.</source>
        <translation>Seleccione una conversación para verificar.</translation>
    </message>
    <message>
        <source>The record is intact: {count} events checked.</source>
        <translation>El registro está intacto: {count} eventos comprobados.</translation>
    </message>
    <message>
        <source>The record does not verify: event {event} — {reason} ({count} events checked).</source>
        <translation>El registro no supera la verificación: evento {event} — {reason} ({count} eventos comprobados).</translation>
    </message>
    <message>
        <source>Verify record</source>
        <translation>Verificar el registro</translation>
    </message>
    <message>
        <source>Cannot verify: {exc}</source>
        <translation>No se puede verificar: {exc}</translation>
    </message>
    <message>
        <source>Select a conversation to delete.</source>
        <translation>Seleccione una conversación para eliminar.</translation>
    </message>
    <message>
        <source>Delete conversation</source>
        <translation>Eliminar la conversación</translation>
    </message>
    <message>
        <source>Delete “{value}” and all of its {turns} turns? This cannot be undone.</source>
        <translation>¿Eliminar «{value}» y sus {turns} turnos? No se puede deshacer.</translation>
    </message>
    <message>
        <source>Deleted “{title}” ({count} events).</source>
        <translation>Se eliminó «{title}» ({count} eventos).</translation>
    </message>
    <message>
        <source>Cannot delete: {exc}</source>
        <translation>No se puede eliminar: {exc}</translation>
    </message>
</context>
<context>
    <name>ImportDialog</name>
    <message>
        <source>Import MCP servers</source>
        <translation>Importar servidores MCP</translation>
    </message>
    <message>
        <source>Configuration to import</source>
        <translation>Configuración que importar</translation>
    </message>
    <message>
        <source>Choose file…</source>
        <translation>Elegir archivo…</translation>
    </message>
    <message>
        <source>Choose a configuration file</source>
        <translation>Elegir un archivo de configuración</translation>
    </message>
    <message>
        <source>What will be imported</source>
        <translation>Lo que se importará</translation>
    </message>
    <message>
        <source>Import</source>
        <translation>Importar</translation>
    </message>
    <message>
        <source>Paste the contents of claude_desktop_config.json, Cursor&apos;s mcp.json or VS Code&apos;s mcp.json, or choose the file. Secret values (keys, tokens) go to the system keyring, never to Parley&apos;s settings file.</source>
        <translation>Pegue el contenido de claude_desktop_config.json, del mcp.json de Cursor o del mcp.json de VS Code, o elija el archivo. Los valores secretos (claves, tokens) van al llavero del sistema, nunca al archivo de configuración de Parley.</translation>
    </message>
    <message>
        <source>MCP configuration</source>
        <translation>Configuración MCP</translation>
    </message>
    <message>
        <source>Cannot read {path}: {exc}</source>
        <translation>No se puede leer {path}: {exc}</translation>
    </message>
    <message>
        <source>Nothing to import: {exc}</source>
        <translation>Nada que importar: {exc}</translation>
    </message>
</context>
<context>
    <name>KeySource</name>
    <message>
        <source>env {variable}</source>
        <translation>variable de entorno {variable}</translation>
    </message>
    <message>
        <source>keyring</source>
        <translation>llavero</translation>
    </message>
    <message>
        <source>none</source>
        <translation>ninguna</translation>
    </message>
</context>
<context>
    <name>Keyring</name>
    <message>
        <source>no system keyring is available ({problem}); set the key in an environment variable instead</source>
        <translation>no hay ningún llavero del sistema disponible ({problem}); ponga la clave en una variable de entorno</translation>
    </message>
    <message>
        <source>the system keyring ({backend})</source>
        <translation>el llavero del sistema ({backend})</translation>
    </message>
    <message>
        <source>the system keyring (unavailable)</source>
        <translation>el llavero del sistema (no disponible)</translation>
    </message>
    <message>
        <source>{store} did not keep the key for {provider!r}; set the key in an environment variable instead</source>
        <translation>{store} no conservó la clave de {provider!r}; ponga la clave en una variable de entorno</translation>
    </message>
    <message>
        <source>an empty key cannot be stored</source>
        <translation>no se puede guardar una clave vacía</translation>
    </message>
    <message>
        <source>the keyring library failed to start: {detail}</source>
        <translation>la biblioteca keyring no pudo iniciarse: {detail}</translation>
    </message>
    <message>
        <source>the system keyring ({backend}) could not read the key: {detail}</source>
        <translation>el llavero del sistema ({backend}) no pudo leer la clave: {detail}</translation>
    </message>
    <message>
        <source>the system keyring ({backend}) could not store the key: {detail}</source>
        <translation>el llavero del sistema ({backend}) no pudo guardar la clave: {detail}</translation>
    </message>
    <message>
        <source>the system keyring ({backend}) could not delete the key: {detail}</source>
        <translation>el llavero del sistema ({backend}) no pudo eliminar la clave: {detail}</translation>
    </message>
    <message>
        <source>no keyring backend was found; on Linux a Secret Service such as GNOME Keyring or KWallet must be running in the desktop session</source>
        <translation>no se encontró ningún backend de llavero; en Linux debe haber un Secret Service, como GNOME Keyring o KWallet, en ejecución en la sesión de escritorio</translation>
    </message>
    <message>
        <source>only backends that keep keys in plain files were found ({names})</source>
        <translation>solo se encontraron backends que guardan las claves en archivos sin cifrar ({names})</translation>
    </message>
    <message>
        <source>the configured backend {backend} would keep keys in a plain file or nowhere, which Parley refuses</source>
        <translation>el backend configurado {backend} guardaría las claves en un archivo sin cifrar o en ninguna parte, algo que Parley no acepta</translation>
    </message>
</context>
<context>
    <name>Knowledge</name>
    <message>
        <source>added</source>
        <translation>añadidos</translation>
    </message>
    <message>
        <source>updated</source>
        <translation>actualizados</translation>
    </message>
    <message>
        <source>removed</source>
        <translation>eliminados</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>con errores</translation>
    </message>
    <message>
        <source>unchanged</source>
        <translation>sin cambios</translation>
    </message>
    <message>
        <source>no files</source>
        <translation>ningún archivo</translation>
    </message>
    <message>
        <source>{text}; {chunks:,} chunks indexed</source>
        <translation>{text}; {chunks:,} fragmentos indexados</translation>
    </message>
    <message>
        <source>{text}; {over_cap:,} files past the limit of {limit:,} were left out</source>
        <translation>{text}; se omitieron {over_cap:,} archivos que superaban el límite de {limit:,}</translation>
    </message>
    <message>
        <source>Stopped: {text}</source>
        <translation>Detenido: {text}</translation>
    </message>
    <message>
        <source>the knowledge folder {root} does not exist or is not a folder</source>
        <translation>la carpeta de conocimiento {root} no existe o no es una carpeta</translation>
    </message>
    <message>
        <source>the knowledge folder {root} cannot be read ({detail})</source>
        <translation>la carpeta de conocimiento {root} no se puede leer ({detail})</translation>
    </message>
    <message>
        <source>the knowledge folder {folder} is already being indexed</source>
        <translation>la carpeta de conocimiento {folder} ya se está indexando</translation>
    </message>
    <message>
        <source>{name} is an image; a knowledge folder indexes text</source>
        <translation>{name} es una imagen; una carpeta de conocimiento indexa texto</translation>
    </message>
    <message>
        <source>the {api} embeddings endpoint {url} did not answer in time</source>
        <translation>el punto de acceso de embeddings de {api} {url} no respondió a tiempo</translation>
    </message>
    <message>
        <source>the {api} embeddings endpoint {url} could not be reached ({error})</source>
        <translation>no se pudo acceder al punto de acceso de embeddings de {api} {url} ({error})</translation>
    </message>
    <message>
        <source>the {api} embeddings endpoint {url} answered HTTP {status}: {detail} (model {model})</source>
        <translation>el punto de acceso de embeddings de {api} {url} respondió HTTP {status}: {detail} (modelo {model})</translation>
    </message>
    <message>
        <source>{name} ({kind}) has no embeddings endpoint; pick an OpenAI-compatible, Ollama or Gemini provider for embeddings</source>
        <translation>{name} ({kind}) no tiene punto de acceso de embeddings; elija un proveedor compatible con OpenAI, Ollama o Gemini para los embeddings</translation>
    </message>
    <message>
        <source>{name} has {chars:,} characters; the index takes at most {limit:,} per document</source>
        <translation>{name} tiene {chars:,} caracteres; el índice admite como máximo {limit:,} por documento</translation>
    </message>
    <message>
        <source>{name} would make more than {limit:,} chunks</source>
        <translation>{name} generaría más de {limit:,} fragmentos</translation>
    </message>
    <message>
        <source>{name} was indexed for word search only: {problem}</source>
        <translation>{name} se indexó solo para la búsqueda por palabras clave: {problem}</translation>
    </message>
    <message>
        <source>Could not empty the index: {exc}</source>
        <translation>No se pudo vaciar el índice: {exc}</translation>
    </message>
</context>
<context>
    <name>KnowledgeController</name>
    <message>
        <source>Knowledge folder of {name}: {message}</source>
        <translation>Carpeta de conocimiento de {name}: {message}</translation>
    </message>
</context>
<context>
    <name>KnowledgeNotices</name>
    <message>
        <source>A project</source>
        <translation>Un proyecto</translation>
    </message>
    <message>
        <source>Knowledge folder indexed</source>
        <translation>Carpeta de conocimiento indexada</translation>
    </message>
    <message>
        <source>Indexing did not finish</source>
        <translation>La indexación no terminó</translation>
    </message>
</context>
<context>
    <name>LanguagePicker</name>
    <message>
        <source>&amp;Language</source>
        <translation>&amp;Idioma</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>Idioma</translation>
    </message>
    <message>
        <source>System language</source>
        <translation>Idioma del sistema</translation>
    </message>
    <message>
        <source>Parley shows this language the next time it starts.</source>
        <translation>Parley mostrará este idioma la próxima vez que se inicie.</translation>
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
        <translation>Copiar</translation>
    </message>
</context>
<context>
    <name>McpClaims</name>
    <message>
        <source>read-only</source>
        <translation>solo lectura</translation>
    </message>
    <message>
        <source>may change things</source>
        <translation>puede cambiar cosas</translation>
    </message>
    <message>
        <source>destructive</source>
        <translation>destructiva</translation>
    </message>
    <message>
        <source>not destructive</source>
        <translation>no destructiva</translation>
    </message>
    <message>
        <source>idempotent</source>
        <translation>idempotente</translation>
    </message>
    <message>
        <source>reaches outside (open world)</source>
        <translation>llega al exterior (mundo abierto)</translation>
    </message>
    <message>
        <source>closed world</source>
        <translation>mundo cerrado</translation>
    </message>
    <message>
        <source>no claims</source>
        <translation>sin afirmaciones</translation>
    </message>
</context>
<context>
    <name>McpError</name>
    <message>
        <source>MCP server {server!r}: {message}</source>
        <translation>Servidor MCP {server!r}: {message}</translation>
    </message>
    <message>
        <source>the MCP client is closed</source>
        <translation>el cliente MCP está cerrado</translation>
    </message>
    <message>
        <source>the call was cancelled</source>
        <translation>la llamada se canceló</translation>
    </message>
    <message>
        <source>no answer within {seconds:g} s</source>
        <translation>sin respuesta en {seconds:g} s</translation>
    </message>
    <message>
        <source>no answer in time</source>
        <translation>sin respuesta a tiempo</translation>
    </message>
    <message>
        <source>{error} (it failed to start {waited:.0f} s ago; Parley tries again {retry:g} s after a failed start)</source>
        <translation>{error} (no pudo iniciarse hace {waited:.0f} s; Parley vuelve a intentarlo {retry:g} s después de un inicio fallido)</translation>
    </message>
    <message>
        <source>cannot open its log: {error}</source>
        <translation>no se puede abrir su registro: {error}</translation>
    </message>
    <message>
        <source>did not finish starting within {seconds:g} s</source>
        <translation>no terminó de iniciarse en {seconds:g} s</translation>
    </message>
    <message>
        <source>start interrupted</source>
        <translation>inicio interrumpido</translation>
    </message>
    <message>
        <source>the secret {what} is not set (keyring)</source>
        <translation>el secreto {what} no está definido (llavero)</translation>
    </message>
    <message>
        <source>variable {name}</source>
        <translation>variable {name}</translation>
    </message>
    <message>
        <source>header {name}</source>
        <translation>cabecera {name}</translation>
    </message>
    <message>
        <source>cannot run {command!r}: {error}</source>
        <translation>no se puede ejecutar {command!r}: {error}</translation>
    </message>
    <message>
        <source>the session was stopped</source>
        <translation>la sesión se detuvo</translation>
    </message>
    <message>
        <source>the server refused to start a session: {error}</source>
        <translation>el servidor se negó a iniciar una sesión: {error}</translation>
    </message>
    <message>
        <source>could not connect: {kind}: {error}</source>
        <translation>no se pudo conectar: {kind}: {error}</translation>
    </message>
    <message>
        <source>OAuth is for HTTP servers, not stdio</source>
        <translation>OAuth es para servidores HTTP, no para stdio</translation>
    </message>
    <message>
        <source>no command configured</source>
        <translation>no hay ningún comando configurado</translation>
    </message>
    <message>
        <source>no URL configured</source>
        <translation>no hay ninguna URL configurada</translation>
    </message>
    <message>
        <source>the server exited with code {code} (see its log)</source>
        <translation>el servidor terminó con el código {code} (vea su registro)</translation>
    </message>
    <message>
        <source>the server closed its output (see its log)</source>
        <translation>el servidor cerró su salida (vea su registro)</translation>
    </message>
    <message>
        <source>the connection closed (see its log)</source>
        <translation>la conexión se cerró (vea su registro)</translation>
    </message>
    <message>
        <source>the server answered an error: {error}</source>
        <translation>el servidor respondió con un error: {error}</translation>
    </message>
</context>
<context>
    <name>McpNotice</name>
    <message>
        <source>MCP server &apos;{name}&apos; is not configured any more; its tools are not offered.</source>
        <translation>El servidor MCP &apos;{name}&apos; ya no está configurado; sus herramientas no se ofrecen.</translation>
    </message>
    <message>
        <source>Could not use MCP server &apos;{name}&apos;: {error}. Fix it in Settings → MCP servers; the turn goes on without its tools.</source>
        <translation>No se pudo usar el servidor MCP &apos;{name}&apos;: {error}. Corríjalo en Configuración → Servidores MCP; el turno continúa sin sus herramientas.</translation>
    </message>
    <message>
        <source>MCP server &apos;{name}&apos; is turned off in Settings; its tools are not offered.</source>
        <translation>El servidor MCP &apos;{name}&apos; está desactivado en Configuración; sus herramientas no se ofrecen.</translation>
    </message>
    <message>
        <source>MCP server &apos;{name}&apos; could not list its tools ({error}); the turn goes on without them. Its log: {log}</source>
        <translation>El servidor MCP &apos;{name}&apos; no pudo listar sus herramientas ({error}); el turno continúa sin ellas. Su registro: {log}</translation>
    </message>
    <message>
        <source>Tool {tool} of MCP server {server} timed out after {seconds:g} s. Its log: {log}</source>
        <translation>La herramienta {tool} del servidor MCP {server} agotó el tiempo tras {seconds:g} s. Su registro: {log}</translation>
    </message>
    <message>
        <source>MCP server {server} failed on {tool}: {error}. Its log: {log}</source>
        <translation>El servidor MCP {server} falló en {tool}: {error}. Su registro: {log}</translation>
    </message>
</context>
<context>
    <name>McpPromptDialog</name>
    <message>
        <source>Prompt {shown}</source>
        <translation>Prompt {shown}</translation>
    </message>
    <message>
        <source>Arguments of the prompt {shown}</source>
        <translation>Argumentos del prompt {shown}</translation>
    </message>
    <message>
        <source>{name} — a prompt of the MCP server {server}</source>
        <translation>{name} — un prompt del servidor MCP {server}</translation>
    </message>
    <message>
        <source>* required</source>
        <translation>* obligatorio</translation>
    </message>
    <message>
        <source>Prompt arguments error</source>
        <translation>Error en los argumentos del prompt</translation>
    </message>
    <message>
        <source>Use prompt</source>
        <translation>Usar el prompt</translation>
    </message>
    <message>
        <source>Fill in {names}: the server needs them.</source>
        <translation>Rellene {names}: el servidor los necesita.</translation>
    </message>
    <message>
        <source>Fill in {names}: the server needs it.</source>
        <translation>Rellene {names}: el servidor lo necesita.</translation>
    </message>
</context>
<context>
    <name>McpPromptsController</name>
    <message>
        <source>No prompts from {name}: {message}</source>
        <translation>No hay prompts de {name}: {message}</translation>
    </message>
    <message>
        <source>{text} is not offered in this conversation any more (its server was turned off or changed).</source>
        <translation>{text} ya no se ofrece en esta conversación (su servidor se desactivó o cambió).</translation>
    </message>
    <message>
        <source>Getting the prompt {command}…</source>
        <translation>Obteniendo el prompt {command}…</translation>
    </message>
    <message>
        <source>Could not use {command}: MCP server {name!r} returned an empty prompt</source>
        <translation>No se pudo usar {command}: el servidor MCP {name!r} devolvió un prompt vacío</translation>
    </message>
    <message>
        <source>Could not use {command}: MCP server {name!r} returned a prompt of {n_text:,} characters, more than the {MAX_PROMPT_CHARS:,} the prompt box takes</source>
        <translation>No se pudo usar {command}: el servidor MCP {name!r} devolvió un prompt de {n_text:,} caracteres, más de los {MAX_PROMPT_CHARS:,} que admite el cuadro de entrada</translation>
    </message>
    <message>
        <source>Could not use {command}: {message}</source>
        <translation>No se pudo usar {command}: {message}</translation>
    </message>
</context>
<context>
    <name>McpResourcePicker</name>
    <message>
        <source>Attach from an MCP server</source>
        <translation>Adjuntar desde un servidor MCP</translation>
    </message>
    <message>
        <source>Attach resources from MCP servers</source>
        <translation>Adjuntar recursos de servidores MCP</translation>
    </message>
    <message>
        <source>Filter by name, URI or description</source>
        <translation>Filtrar por nombre, URI o descripción</translation>
    </message>
    <message>
        <source>Filter resources</source>
        <translation>Filtrar recursos</translation>
    </message>
    <message>
        <source>Resources</source>
        <translation>Recursos</translation>
    </message>
    <message>
        <source>Attach</source>
        <translation>Adjuntar</translation>
    </message>
    <message>
        <source>Could not list the resources of MCP server &apos;{server}&apos;: {reason}.</source>
        <translation>No se pudieron listar los recursos del servidor MCP &apos;{server}&apos;: {reason}.</translation>
    </message>
    <message>
        <source>{line} Its log: {where}</source>
        <translation>{line} Su registro: {where}</translation>
    </message>
    <message>
        <source>No MCP server is chosen for this conversation (Tools → MCP servers).</source>
        <translation>No se ha elegido ningún servidor MCP para esta conversación (Herramientas → Servidores MCP).</translation>
    </message>
    <message>
        <source>Loading… (waiting for {servers})</source>
        <translation>Cargando… (esperando a {servers})</translation>
    </message>
    <message>
        <source>These servers offer no resources.</source>
        <translation>Estos servidores no ofrecen recursos.</translation>
    </message>
</context>
<context>
    <name>McpServersPage</name>
    <message>
        <source>Command on this computer (stdio)</source>
        <translation>Comando en este ordenador (stdio)</translation>
    </message>
    <message>
        <source>Streamable HTTP (a URL)</source>
        <translation>HTTP transmisible (una URL)</translation>
    </message>
    <message>
        <source>Legacy HTTP + SSE (old servers)</source>
        <translation>HTTP + SSE heredado (servidores antiguos)</translation>
    </message>
    <message>
        <source>Default</source>
        <translation>Predeterminado</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Ejecutar</translation>
    </message>
    <message>
        <source>Ask</source>
        <translation>Preguntar</translation>
    </message>
    <message>
        <source>Deny</source>
        <translation>Denegar</translation>
    </message>
    <message>
        <source>Tool</source>
        <translation>Herramienta</translation>
    </message>
    <message>
        <source>What the server claims</source>
        <translation>Lo que afirma el servidor</translation>
    </message>
    <message>
        <source>Policy</source>
        <translation>Política</translation>
    </message>
    <message>
        <source>{detail}
Failed: {error}
Log: {log}</source>
        <translation>{detail}
Error: {error}
Registro: {log}</translation>
    </message>
    <message>
        <source>{detail}
Failed: {error}</source>
        <translation>{detail}
Error: {error}</translation>
    </message>
    <message>
        <source>MCP servers</source>
        <translation>Servidores MCP</translation>
    </message>
    <message>
        <source>Add server</source>
        <translation>Añadir servidor</translation>
    </message>
    <message>
        <source>Add MCP server</source>
        <translation>Añadir servidor MCP</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Quitar</translation>
    </message>
    <message>
        <source>Remove MCP server</source>
        <translation>Quitar el servidor MCP</translation>
    </message>
    <message>
        <source>Import…</source>
        <translation>Importar…</translation>
    </message>
    <message>
        <source>Import MCP servers from another app</source>
        <translation>Importar servidores MCP de otra aplicación</translation>
    </message>
    <message>
        <source>Problems in the settings file</source>
        <translation>Problemas en el archivo de configuración</translation>
    </message>
    <message>
        <source>Server name</source>
        <translation>Nombre del servidor</translation>
    </message>
    <message>
        <source>e.g. github</source>
        <translation>p. ej. github</translation>
    </message>
    <message>
        <source>Transport</source>
        <translation>Transporte</translation>
    </message>
    <message>
        <source>Enabled</source>
        <translation>Activado</translation>
    </message>
    <message>
        <source>Server enabled</source>
        <translation>Servidor activado</translation>
    </message>
    <message>
        <source>Command</source>
        <translation>Comando</translation>
    </message>
    <message>
        <source>e.g. npx, uvx, node, /path/to/server</source>
        <translation>p. ej. npx, uvx, node, /ruta/al/servidor</translation>
    </message>
    <message>
        <source>Arguments</source>
        <translation>Argumentos</translation>
    </message>
    <message>
        <source>e.g. -y @modelcontextprotocol/server-github</source>
        <translation>p. ej. -y @modelcontextprotocol/server-github</translation>
    </message>
    <message>
        <source>Working folder</source>
        <translation>Carpeta de ejecución</translation>
    </message>
    <message>
        <source>optional</source>
        <translation>opcional</translation>
    </message>
    <message>
        <source>Environment variables</source>
        <translation>Variables de entorno</translation>
    </message>
    <message>
        <source>NAME=value, one per line (no secrets here)</source>
        <translation>NOMBRE=valor, uno por línea (aquí no van secretos)</translation>
    </message>
    <message>
        <source>Server URL</source>
        <translation>URL del servidor</translation>
    </message>
    <message>
        <source>https://example.com/mcp</source>
        <translation>https://example.com/mcp</translation>
    </message>
    <message>
        <source>HTTP headers</source>
        <translation>Cabeceras HTTP</translation>
    </message>
    <message>
        <source>Name: value, one per line (no secrets here)</source>
        <translation>Nombre: valor, una por línea (aquí no van secretos)</translation>
    </message>
    <message>
        <source>Sign in with OAuth</source>
        <translation>Iniciar sesión con OAuth</translation>
    </message>
    <message>
        <source>OAuth sign-in state</source>
        <translation>Estado del inicio de sesión OAuth</translation>
    </message>
    <message>
        <source>Sign out</source>
        <translation>Cerrar sesión</translation>
    </message>
    <message>
        <source>Sign out of the server (forget its OAuth tokens)</source>
        <translation>Cerrar sesión en el servidor (olvidar sus tokens OAuth)</translation>
    </message>
    <message>
        <source>Secrets</source>
        <translation>Secretos</translation>
    </message>
    <message>
        <source>Secret name</source>
        <translation>Nombre del secreto</translation>
    </message>
    <message>
        <source>Secret value</source>
        <translation>Valor del secreto</translation>
    </message>
    <message>
        <source>value (hidden; kept in the keyring)</source>
        <translation>valor (oculto; se guarda en el llavero)</translation>
    </message>
    <message>
        <source>Set</source>
        <translation>Establecer</translation>
    </message>
    <message>
        <source>Set the secret</source>
        <translation>Establecer el secreto</translation>
    </message>
    <message>
        <source>Remove secret</source>
        <translation>Quitar el secreto</translation>
    </message>
    <message>
        <source>Remove the selected secret</source>
        <translation>Quitar el secreto seleccionado</translation>
    </message>
    <message>
        <source>Time limit in seconds</source>
        <translation>Límite de tiempo en segundos</translation>
    </message>
    <message>
        <source>Tools the server offers</source>
        <translation>Herramientas que ofrece el servidor</translation>
    </message>
    <message>
        <source>Test connection</source>
        <translation>Probar la conexión</translation>
    </message>
    <message>
        <source>Test result</source>
        <translation>Resultado de la prueba</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>Guardar</translation>
    </message>
    <message>
        <source>Save server</source>
        <translation>Guardar el servidor</translation>
    </message>
    <message>
        <source>Server save result</source>
        <translation>Resultado al guardar el servidor</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>Servidor</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Nombre</translation>
    </message>
    <message>
        <source>Lower-case letters, digits, &apos;-&apos; or &apos;_&apos;. Tools are named mcp__NAME__TOOL for the model.</source>
        <translation>Letras minúsculas, dígitos, &apos;-&apos; o &apos;_&apos;. Para el modelo, las herramientas se llaman mcp__NAME__TOOL.</translation>
    </message>
    <message>
        <source>How Parley talks to it.</source>
        <translation>Cómo se comunica Parley con él.</translation>
    </message>
    <message>
        <source>A server that is off offers no tools anywhere.</source>
        <translation>Un servidor desactivado no ofrece herramientas en ningún sitio.</translation>
    </message>
    <message>
        <source>The program that runs the server.</source>
        <translation>El programa que ejecuta el servidor.</translation>
    </message>
    <message>
        <source>As in a shell: quote an argument with spaces.</source>
        <translation>Como en una shell: entrecomille un argumento con espacios.</translation>
    </message>
    <message>
        <source>Folder</source>
        <translation>Carpeta</translation>
    </message>
    <message>
        <source>The folder it starts in.</source>
        <translation>La carpeta en la que arranca.</translation>
    </message>
    <message>
        <source>Environment</source>
        <translation>Entorno</translation>
    </message>
    <message>
        <source>Only these variables (and the secrets below) are passed, not your whole environment.</source>
        <translation>Solo se pasan estas variables (y los secretos de abajo), no todo su entorno.</translation>
    </message>
    <message>
        <source>Address</source>
        <translation>Dirección</translation>
    </message>
    <message>
        <source>URL</source>
        <translation>URL</translation>
    </message>
    <message>
        <source>The server&apos;s endpoint (http:// or https://).</source>
        <translation>El punto de acceso del servidor (http:// o https://).</translation>
    </message>
    <message>
        <source>Headers</source>
        <translation>Cabeceras</translation>
    </message>
    <message>
        <source>Sent with every request.</source>
        <translation>Se envían con cada petición.</translation>
    </message>
    <message>
        <source>For a server that asks you to sign in: your browser opens the first time it is used (or tested), and the tokens go to the system keyring, never to a file.</source>
        <translation>Para un servidor que pide iniciar sesión: su navegador se abre la primera vez que se usa (o se prueba), y los tokens van al llavero del sistema, nunca a un archivo.</translation>
    </message>
    <message>
        <source>Variables (stdio) or headers (HTTP) whose values are kept in the system keyring, never in a file. Values are written when you save (or test the connection).</source>
        <translation>Variables (stdio) o cabeceras (HTTP) cuyos valores se guardan en el llavero del sistema, nunca en un archivo. Los valores se escriben al guardar (o al probar la conexión).</translation>
    </message>
    <message>
        <source>Limits</source>
        <translation>Límites</translation>
    </message>
    <message>
        <source>Time limit</source>
        <translation>Límite de tiempo</translation>
    </message>
    <message>
        <source>A call that takes longer is stopped.</source>
        <translation>Una llamada que tarde más se detiene.</translation>
    </message>
    <message>
        <source>Tools and policies</source>
        <translation>Herramientas y políticas</translation>
    </message>
    <message>
        <source>What the server says about a tool is a claim: it never lowers what Parley asks. Policy: Run without asking, Ask each time, Deny always, or Default (from the claims, never below your tool setting). “Always for this tool” in a permission prompt is stored here.</source>
        <translation>Lo que el servidor dice de una herramienta es una afirmación: nunca reduce lo que pregunta Parley. Política: Ejecutar sin preguntar, Preguntar cada vez, Denegar siempre o Predeterminada (según las afirmaciones, nunca por debajo de su ajuste de herramientas). «Siempre para esta herramienta» en una solicitud de permiso se guarda aquí.</translation>
    </message>
    <message>
        <source>No MCP client is available in this Parley.</source>
        <translation>No hay ningún cliente MCP disponible en este Parley.</translation>
    </message>
    <message>
        <source>Not usable until fixed: {problem}</source>
        <translation>No se puede usar hasta que se corrija: {problem}</translation>
    </message>
    <message>
        <source>variable, e.g. GITHUB_TOKEN</source>
        <translation>variable, p. ej. GITHUB_TOKEN</translation>
    </message>
    <message>
        <source>header, e.g. Authorization</source>
        <translation>cabecera, p. ej. Authorization</translation>
    </message>
    <message>
        <source>Signed in: the tokens are in the system keyring.</source>
        <translation>Sesión iniciada: los tokens están en el llavero del sistema.</translation>
    </message>
    <message>
        <source>Not signed in: your browser opens when the server is first used.</source>
        <translation>Sin sesión: su navegador se abrirá cuando se use el servidor por primera vez.</translation>
    </message>
    <message>
        <source>Save, then use or test the server to sign in.</source>
        <translation>Guarde y luego use o pruebe el servidor para iniciar sesión.</translation>
    </message>
    <message>
        <source>new value, written when you save</source>
        <translation>valor nuevo, se escribe al guardar</translation>
    </message>
    <message>
        <source>stored in the keyring</source>
        <translation>guardado en el llavero</translation>
    </message>
    <message>
        <source>no value yet</source>
        <translation>todavía sin valor</translation>
    </message>
    <message>
        <source>A secret needs a name and a value.</source>
        <translation>Un secreto necesita un nombre y un valor.</translation>
    </message>
    <message>
        <source>A server named {name!r} exists already.</source>
        <translation>Ya existe un servidor llamado {name!r}.</translation>
    </message>
    <message>
        <source>Saved {name!r}.</source>
        <translation>{name!r} guardado.</translation>
    </message>
    <message>
        <source>Not saved: {exc}</source>
        <translation>No guardado: {exc}</translation>
    </message>
    <message>
        <source>Not removed: {exc}</source>
        <translation>No se quitó: {exc}</translation>
    </message>
    <message>
        <source>Remove {name!r} and its secrets in the keyring?</source>
        <translation>¿Quitar {name!r} y sus secretos del llavero?</translation>
    </message>
    <message>
        <source>Not changed: {exc}</source>
        <translation>No se cambió: {exc}</translation>
    </message>
    <message>
        <source>{unavailable_reason}. The configuration holds secrets, so nothing was imported.</source>
        <translation>{unavailable_reason}. La configuración contiene secretos, así que no se importó nada.</translation>
    </message>
    <message>
        <source>Imported {count} server(s): {names}</source>
        <translation>Se importaron {count} servidor(es): {names}</translation>
    </message>
    <message>
        <source>Imported {count} server(s)</source>
        <translation>Se importaron {count} servidor(es)</translation>
    </message>
    <message>
        <source>Not imported: {exc}</source>
        <translation>No se importó: {exc}</translation>
    </message>
    <message>
        <source>, protocol {version}</source>
        <translation>, protocolo {version}</translation>
    </message>
    <message>
        <source> to {who}</source>
        <translation> a {who}</translation>
    </message>
    <message>
        <source>Connected{value}{version}: {n_tools} tool(s).</source>
        <translation>Conectado{value}{version}: {n_tools} herramienta(s).</translation>
    </message>
    <message>
        <source>{text} (log: {log})</source>
        <translation>{text} (registro: {log})</translation>
    </message>
    <message>
        <source>Failed: {text}</source>
        <translation>Error: {text}</translation>
    </message>
    <message>
        <source>Connecting… (sign in in your browser if it opens)</source>
        <translation>Conectando… (inicie sesión en su navegador si se abre)</translation>
    </message>
    <message>
        <source>Connecting…</source>
        <translation>Conectando…</translation>
    </message>
    <message>
        <source>Signed out of {name!r} (no keyring: nothing was stored).</source>
        <translation>Se cerró la sesión en {name!r} (no hay llavero: no había nada guardado).</translation>
    </message>
    <message>
        <source>Signed out of {name!r}: its tokens were deleted from the keyring.</source>
        <translation>Se cerró la sesión en {name!r}: sus tokens se borraron del llavero.</translation>
    </message>
    <message>
        <source>{name!r} had no sign-in stored.</source>
        <translation>{name!r} no tenía ningún inicio de sesión guardado.</translation>
    </message>
    <message>
        <source>Not signed out: {exc}</source>
        <translation>No se cerró la sesión: {exc}</translation>
    </message>
    <message>
        <source>Policy for {tool}</source>
        <translation>Política para {tool}</translation>
    </message>
</context>
<context>
    <name>McpSettings</name>
    <message>
        <source>a stdio server needs a command to start</source>
        <translation>un servidor stdio necesita un comando para iniciarse</translation>
    </message>
    <message>
        <source>a stdio server takes a command, not a URL, headers or OAuth</source>
        <translation>un servidor stdio usa un comando, no una URL, cabeceras ni OAuth</translation>
    </message>
    <message>
        <source>an {transport} server takes a URL, not a command, arguments, environment or folder</source>
        <translation>un servidor {transport} usa una URL, no un comando, argumentos, entorno ni carpeta</translation>
    </message>
    <message>
        <source>the value of {variable} looks like a secret; name it as a secret variable (its value goes to the system keyring, never to the settings file)</source>
        <translation>el valor de {variable} parece un secreto; declárela como variable secreta (su valor va al llavero del sistema, nunca al archivo de configuración)</translation>
    </message>
    <message>
        <source>header {header} carries a credential; name it as a secret header (its value goes to the system keyring, never to the settings file)</source>
        <translation>la cabecera {header} lleva una credencial; declárela como cabecera secreta (su valor va al llavero del sistema, nunca al archivo de configuración)</translation>
    </message>
    <message>
        <source>{what} {name!r} is given twice</source>
        <translation>{what} {name!r} aparece dos veces</translation>
    </message>
    <message>
        <source>{name!r} is not a valid environment variable name (letters, digits and &apos;_&apos;, not starting with a digit)</source>
        <translation>{name!r} no es un nombre de variable de entorno válido (letras, dígitos y &apos;_&apos;, sin empezar por un dígito)</translation>
    </message>
    <message>
        <source>{name!r} is not a valid HTTP header name</source>
        <translation>{name!r} no es un nombre de cabecera HTTP válido</translation>
    </message>
    <message>
        <source>an HTTP or SSE server needs a URL (http:// or https://)</source>
        <translation>un servidor HTTP o SSE necesita una URL (http:// o https://)</translation>
    </message>
    <message>
        <source>URL {url!r} is malformed ({detail})</source>
        <translation>la URL {url!r} está mal formada ({detail})</translation>
    </message>
    <message>
        <source>URL {url!r} must start with http:// or https:// and name a host</source>
        <translation>la URL {url!r} debe empezar por http:// o https:// e indicar un host</translation>
    </message>
    <message>
        <source>the URL must not contain a user name or password; put credentials in a secret header</source>
        <translation>la URL no debe contener un nombre de usuario ni una contraseña; ponga las credenciales en una cabecera secreta</translation>
    </message>
    <message>
        <source>the URL must not contain spaces</source>
        <translation>la URL no debe contener espacios</translation>
    </message>
</context>
<context>
    <name>MenuController</name>
    <message>
        <source>Commands: /skill NAME and /agent NAME add a skill&apos;s rules or an agent&apos;s persona to this message; /model NAME switches the model for the next message; /new starts a new conversation (/clear does the same; the current one is kept); /compact summarises the earlier messages so the conversation takes less of the model&apos;s window (nothing is deleted); //text sends text starting with &apos;/&apos;. Ctrl+/ lists the keyboard shortcuts.</source>
        <translation>Comandos: /skill NOMBRE y /agent NOMBRE añaden a este mensaje las reglas de una habilidad o el personaje de un agente; /model NOMBRE cambia el modelo del próximo mensaje; /new empieza una conversación nueva (/clear hace lo mismo; la actual se conserva); /compact resume los mensajes anteriores para que la conversación ocupe menos de la ventana del modelo (no se borra nada); //texto envía un texto que empieza por &apos;/&apos;. Ctrl+/ muestra los atajos de teclado.</translation>
    </message>
    <message>
        <source>Send with &amp;Enter (Shift+Enter for a new line)</source>
        <translation>&amp;Enviar con Intro (Mayús+Intro para una línea nueva)</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Archivo</translation>
    </message>
    <message>
        <source>&amp;New chat</source>
        <translation>Chat &amp;nuevo</translation>
    </message>
    <message>
        <source>&amp;Quick switch…</source>
        <translation>Cambio &amp;rápido…</translation>
    </message>
    <message>
        <source>&amp;Attach files…</source>
        <translation>&amp;Adjuntar archivos…</translation>
    </message>
    <message>
        <source>&amp;Settings…</source>
        <translation>&amp;Configuración…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Salir</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>&amp;Editar</translation>
    </message>
    <message>
        <source>&amp;Undo delete</source>
        <translation>&amp;Deshacer la eliminación</translation>
    </message>
    <message>
        <source>Copy last &amp;answer</source>
        <translation>Copiar la última &amp;respuesta</translation>
    </message>
    <message>
        <source>&amp;Edit last message</source>
        <translation>&amp;Editar el último mensaje</translation>
    </message>
    <message>
        <source>&amp;Regenerate last answer</source>
        <translation>&amp;Regenerar la última respuesta</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ver</translation>
    </message>
    <message>
        <source>&amp;Theme</source>
        <translation>&amp;Tema</translation>
    </message>
    <message>
        <source>Follow the system</source>
        <translation>Seguir al sistema</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>Claro</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>Oscuro</translation>
    </message>
    <message>
        <source>High contrast</source>
        <translation>Alto contraste</translation>
    </message>
    <message>
        <source>Zoom &amp;in</source>
        <translation>&amp;Ampliar</translation>
    </message>
    <message>
        <source>Zoom &amp;out</source>
        <translation>&amp;Reducir</translation>
    </message>
    <message>
        <source>&amp;Reset zoom</source>
        <translation>&amp;Tamaño normal</translation>
    </message>
    <message>
        <source>&amp;Sidebar</source>
        <translation>Barra &amp;lateral</translation>
    </message>
    <message>
        <source>Histor&amp;y</source>
        <translation>&amp;Historial</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>&amp;Examinar…</translation>
    </message>
    <message>
        <source>&amp;Find conversation</source>
        <translation>&amp;Buscar conversación</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>A&amp;yuda</translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts</source>
        <translation>Atajos de &amp;teclado</translation>
    </message>
    <message>
        <source>&amp;Commands</source>
        <translation>&amp;Comandos</translation>
    </message>
</context>
<context>
    <name>MessageActions</name>
    <message>
        <source>Message copied</source>
        <translation>Mensaje copiado</translation>
    </message>
    <message>
        <source>Message copied as text</source>
        <translation>Mensaje copiado como texto</translation>
    </message>
    <message>
        <source>Message actions</source>
        <translation>Acciones del mensaje</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>Copiar</translation>
    </message>
    <message>
        <source>Copy as text</source>
        <translation>Copiar como texto</translation>
    </message>
    <message>
        <source>Regenerate</source>
        <translation>Regenerar</translation>
    </message>
    <message>
        <source>Edit</source>
        <translation>Editar</translation>
    </message>
    <message>
        <source>Code copied</source>
        <translation>Código copiado</translation>
    </message>
</context>
<context>
    <name>MessageToolbar</name>
    <message>
        <source>Message actions</source>
        <translation>Acciones del mensaje</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>Copiar</translation>
    </message>
    <message>
        <source>Copy the message (Markdown)</source>
        <translation>Copiar el mensaje (Markdown)</translation>
    </message>
    <message>
        <source>Copy as text</source>
        <translation>Copiar como texto</translation>
    </message>
    <message>
        <source>Copy the message as plain text</source>
        <translation>Copiar el mensaje como texto sin formato</translation>
    </message>
    <message>
        <source>Regenerate</source>
        <translation>Regenerar</translation>
    </message>
    <message>
        <source>Ask for another answer (the current one is kept as a branch)</source>
        <translation>Pedir otra respuesta (la actual se conserva como rama)</translation>
    </message>
    <message>
        <source>Edit</source>
        <translation>Editar</translation>
    </message>
    <message>
        <source>Edit this message and send it as a new branch</source>
        <translation>Editar este mensaje y enviarlo como rama nueva</translation>
    </message>
</context>
<context>
    <name>ModelPicker</name>
    <message>
        <source>Choose a model</source>
        <translation>Elegir un modelo</translation>
    </message>
    <message>
        <source>{model} on {provider} — the model for the next message</source>
        <translation>{model} en {provider}: el modelo del próximo mensaje</translation>
    </message>
    <message>
        <source>{model} on {provider}</source>
        <translation>{model} en {provider}</translation>
    </message>
    <message>
        <source>    Other model…</source>
        <translation>    Otro modelo…</translation>
    </message>
    <message>
        <source>Type the id of any model {provider} serves</source>
        <translation>Escriba el id de cualquier modelo que ofrezca {provider}</translation>
    </message>
    <message>
        <source>Other model</source>
        <translation>Otro modelo</translation>
    </message>
    <message>
        <source>Model id on {provider}:</source>
        <translation>Id del modelo en {provider}:</translation>
    </message>
</context>
<context>
    <name>NoticeBanner</name>
    <message>
        <source>Notice</source>
        <translation>Aviso</translation>
    </message>
    <message>
        <source>Dismiss</source>
        <translation>Descartar</translation>
    </message>
</context>
<context>
    <name>OpenStoreDialog</name>
    <message>
        <source>Open a team store</source>
        <translation>Abrir un almacén del equipo</translation>
    </message>
    <message>
        <source>Team store address</source>
        <translation>Dirección del almacén del equipo</translation>
    </message>
    <message>
        <source>postgresql://you@host:5432/team</source>
        <translation>postgresql://usted@host:5432/team</translation>
    </message>
    <message>
        <source>For example {EXAMPLE}</source>
        <translation>Por ejemplo {EXAMPLE}</translation>
    </message>
    <message>
        <source>Password on the team store</source>
        <translation>Contraseña del almacén del equipo</translation>
    </message>
    <message>
        <source>Empty: the one kept in the keyring</source>
        <translation>Vacío: la guardada en el llavero</translation>
    </message>
    <message>
        <source>Remember in the keyring</source>
        <translation>Recordar en el llavero</translation>
    </message>
    <message>
        <source>Keep the password in the system keyring for this address (never in a file)</source>
        <translation>Guardar la contraseña de esta dirección en el llavero del sistema (nunca en un archivo)</translation>
    </message>
    <message>
        <source>Your own role on the store: an operator reads everyone&apos;s conversations, a member their own. Nothing is written to the store.</source>
        <translation>Su propio rol en el almacén: un operador lee las conversaciones de todos; un miembro, las suyas. No se escribe nada en el almacén.</translation>
    </message>
    <message>
        <source>Team store address error</source>
        <translation>Error en la dirección del almacén del equipo</translation>
    </message>
    <message>
        <source>Address</source>
        <translation>Dirección</translation>
    </message>
    <message>
        <source>Password</source>
        <translation>Contraseña</translation>
    </message>
    <message>
        <source>type the store&apos;s address</source>
        <translation>escriba la dirección del almacén</translation>
    </message>
    <message>
        <source>The address: {problem}.</source>
        <translation>La dirección: {problem}.</translation>
    </message>
</context>
<context>
    <name>PermissionDialog</name>
    <message>
        <source>the turn&apos;s output folder</source>
        <translation>la carpeta de salida del turno</translation>
    </message>
    <message>
        <source>the workspace</source>
        <translation>la carpeta de trabajo</translation>
    </message>
    <message>
        <source>Allow this action?</source>
        <translation>¿Permitir esta acción?</translation>
    </message>
    <message>
        <source>Nothing runs until you choose. Deny is the default (Enter or Esc).</source>
        <translation>No se ejecuta nada hasta que elija. Denegar es la opción predeterminada (Intro o Esc).</translation>
    </message>
    <message>
        <source>Arguments</source>
        <translation>Argumentos</translation>
    </message>
    <message>
        <source>Command</source>
        <translation>Comando</translation>
    </message>
    <message>
        <source>Runs in</source>
        <translation>Se ejecuta en</translation>
    </message>
    <message>
        <source>Server and tool</source>
        <translation>Servidor y herramienta</translation>
    </message>
    <message>
        <source>MCP tool</source>
        <translation>Herramienta MCP</translation>
    </message>
    <message>
        <source>What the server claims</source>
        <translation>Lo que afirma el servidor</translation>
    </message>
    <message>
        <source>Claims</source>
        <translation>Afirmaciones</translation>
    </message>
    <message>
        <source>Effect: {words}</source>
        <translation>Efecto: {words}</translation>
    </message>
    <message>
        <source>rule {rule}</source>
        <translation>regla {rule}</translation>
    </message>
    <message>
        <source>Effect</source>
        <translation>Efecto</translation>
    </message>
    <message>
        <source>Sandbox</source>
        <translation>Entorno aislado</translation>
    </message>
    <message>
        <source>Allow once</source>
        <translation>Permitir una vez</translation>
    </message>
    <message>
        <source>Allow for this conversation</source>
        <translation>Permitir en esta conversación</translation>
    </message>
    <message>
        <source>This tool, in this conversation, until Parley closes</source>
        <translation>Esta herramienta, en esta conversación, hasta que se cierre Parley</translation>
    </message>
    <message>
        <source>This exact command only, until Parley closes</source>
        <translation>Solo este comando exacto, hasta que se cierre Parley</translation>
    </message>
    <message>
        <source>Always allow this tool</source>
        <translation>Permitir siempre esta herramienta</translation>
    </message>
    <message>
        <source>Stored in Settings → MCP servers, where you can change it back</source>
        <translation>Se guarda en Configuración → Servidores MCP, donde puede cambiarlo de nuevo</translation>
    </message>
    <message>
        <source>Deny</source>
        <translation>Denegar</translation>
    </message>
</context>
<context>
    <name>PermissionPrompt</name>
    <message>
        <source>Harmless</source>
        <translation>Inofensivo</translation>
    </message>
    <message>
        <source>Contained</source>
        <translation>Contenido</translation>
    </message>
    <message>
        <source>Unknown effect</source>
        <translation>Efecto desconocido</translation>
    </message>
    <message>
        <source>Dangerous</source>
        <translation>Peligroso</translation>
    </message>
    <message>
        <source>Refused</source>
        <translation>Rechazado</translation>
    </message>
    <message>
        <source>The server says nothing about what this tool does.</source>
        <translation>El servidor no dice nada de lo que hace esta herramienta.</translation>
    </message>
    <message>
        <source>The server says: {claims}. Parley cannot check this.</source>
        <translation>El servidor afirma: {claims}. Parley no puede comprobarlo.</translation>
    </message>
</context>
<context>
    <name>PricesPage</name>
    <message>
        <source>Model pattern</source>
        <translation>Patrón de modelo</translation>
    </message>
    <message>
        <source>Provider</source>
        <translation>Proveedor</translation>
    </message>
    <message>
        <source>Input $/Mtok</source>
        <translation>Entrada $/Mtok</translation>
    </message>
    <message>
        <source>Output $/Mtok</source>
        <translation>Salida $/Mtok</translation>
    </message>
    <message>
        <source>Estimated cost per million tokens. A pattern is an exact model name or a glob (gpt-4.1*); a row with a provider beats one without; an exact name beats a glob. Estimates ignore cached-input and batch discounts.</source>
        <translation>Coste estimado por millón de tokens. Un patrón es un nombre de modelo exacto o un glob (gpt-4.1*); una fila con proveedor prevalece sobre una sin él; un nombre exacto prevalece sobre un glob. Las estimaciones no tienen en cuenta los descuentos por entrada en caché ni por lotes.</translation>
    </message>
    <message>
        <source>Prices result</source>
        <translation>Resultado de los precios</translation>
    </message>
    <message>
        <source>Cannot read prices: {exc}</source>
        <translation>No se pueden leer los precios: {exc}</translation>
    </message>
    <message>
        <source>The built-in prices are shown; Save to use them.</source>
        <translation>Se muestran los precios integrados; guarde para usarlos.</translation>
    </message>
    <message>
        <source>Saved {n_prices} price rows.</source>
        <translation>Se guardaron {n_prices} filas de precios.</translation>
    </message>
    <message>
        <source>Not saved: {exc}</source>
        <translation>No guardado: {exc}</translation>
    </message>
    <message>
        <source>Row {row}, {column}: {problem}</source>
        <translation>Fila {row}, {column}: {problem}</translation>
    </message>
    <message>
        <source>Row {row}: {problem}</source>
        <translation>Fila {row}: {problem}</translation>
    </message>
    <message>
        <source>Row {row} repeats row {first} ({pattern})</source>
        <translation>La fila {row} repite la fila {first} ({pattern})</translation>
    </message>
    <message>
        <source>Not saved. {problems}</source>
        <translation>No guardado. {problems}</translation>
    </message>
    <message>
        <source>a model name or pattern is needed</source>
        <translation>se necesita un nombre de modelo o un patrón</translation>
    </message>
    <message>
        <source>a price is needed (0 for free)</source>
        <translation>se necesita un precio (0 si es gratuito)</translation>
    </message>
    <message>
        <source>{text!r} is not a whole number of tokens</source>
        <translation>{text!r} no es un número entero de tokens</translation>
    </message>
    <message>
        <source>a context window size is needed</source>
        <translation>se necesita un tamaño de ventana de contexto</translation>
    </message>
    <message>
        <source>{tokens} tokens is too small (at least {minimum})</source>
        <translation>{tokens} tokens es demasiado poco (al menos {minimum})</translation>
    </message>
    <message>
        <source>{tokens} is more than the context window ({context})</source>
        <translation>{tokens} es más que la ventana de contexto ({context})</translation>
    </message>
    <message>
        <source>Context tokens</source>
        <translation>Tokens de contexto</translation>
    </message>
    <message>
        <source>Max output</source>
        <translation>Salida máx.</translation>
    </message>
</context>
<context>
    <name>ProjectsPage</name>
    <message>
        <source>Automatic (ask only for risky actions)</source>
        <translation>Automático (preguntar solo en acciones arriesgadas)</translation>
    </message>
    <message>
        <source>Ask before every action</source>
        <translation>Preguntar antes de cada acción</translation>
    </message>
    <message>
        <source>All tools (read, write, run)</source>
        <translation>Todas las herramientas (leer, escribir, ejecutar)</translation>
    </message>
    <message>
        <source>Read-only tools</source>
        <translation>Herramientas de solo lectura</translation>
    </message>
    <message>
        <source>No tools</source>
        <translation>Sin herramientas</translation>
    </message>
    <message>
        <source>Projects</source>
        <translation>Proyectos</translation>
    </message>
    <message>
        <source>New</source>
        <translation>Nuevo</translation>
    </message>
    <message>
        <source>New project</source>
        <translation>Nuevo proyecto</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Eliminar</translation>
    </message>
    <message>
        <source>Delete project</source>
        <translation>Eliminar el proyecto</translation>
    </message>
    <message>
        <source>Project name</source>
        <translation>Nombre del proyecto</translation>
    </message>
    <message>
        <source>Project name error</source>
        <translation>Error en el nombre del proyecto</translation>
    </message>
    <message>
        <source>Workspace folder</source>
        <translation>Carpeta de trabajo</translation>
    </message>
    <message>
        <source>optional: the folder the tools work in</source>
        <translation>opcional: la carpeta en la que trabajan las herramientas</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Examinar…</translation>
    </message>
    <message>
        <source>Choose the workspace folder</source>
        <translation>Elegir la carpeta de trabajo</translation>
    </message>
    <message>
        <source>Workspace folder error</source>
        <translation>Error en la carpeta de trabajo</translation>
    </message>
    <message>
        <source>Shared instructions</source>
        <translation>Instrucciones compartidas</translation>
    </message>
    <message>
        <source>optional: instructions every conversation of this project starts with</source>
        <translation>opcional: instrucciones con las que empieza cada conversación de este proyecto</translation>
    </message>
    <message>
        <source>Default provider</source>
        <translation>Proveedor predeterminado</translation>
    </message>
    <message>
        <source>Default model</source>
        <translation>Modelo predeterminado</translation>
    </message>
    <message>
        <source>optional: a model of that provider</source>
        <translation>opcional: un modelo de ese proveedor</translation>
    </message>
    <message>
        <source>Gate mode</source>
        <translation>Modo de permisos</translation>
    </message>
    <message>
        <source>Tools</source>
        <translation>Herramientas</translation>
    </message>
    <message>
        <source>MCP servers enabled for this project</source>
        <translation>Servidores MCP activados para este proyecto</translation>
    </message>
    <message>
        <source>No MCP servers are configured: add them under Settings → MCP servers.</source>
        <translation>No hay servidores MCP configurados: añádalos en Configuración → Servidores MCP.</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>Guardar</translation>
    </message>
    <message>
        <source>Save project</source>
        <translation>Guardar el proyecto</translation>
    </message>
    <message>
        <source>Project save result</source>
        <translation>Resultado al guardar el proyecto</translation>
    </message>
    <message>
        <source>Project</source>
        <translation>Proyecto</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Nombre</translation>
    </message>
    <message>
        <source>Shown in the sidebar and the project picker.</source>
        <translation>Se muestra en la barra lateral y en el selector de proyectos.</translation>
    </message>
    <message>
        <source>Workspace</source>
        <translation>Carpeta de trabajo</translation>
    </message>
    <message>
        <source>The folder the tools read, write and run in.</source>
        <translation>La carpeta en la que las herramientas leen, escriben y se ejecutan.</translation>
    </message>
    <message>
        <source>Instructions</source>
        <translation>Instrucciones</translation>
    </message>
    <message>
        <source>Sent at the start of every conversation of this project.</source>
        <translation>Se envían al principio de cada conversación de este proyecto.</translation>
    </message>
    <message>
        <source>Defaults</source>
        <translation>Valores predeterminados</translation>
    </message>
    <message>
        <source>What a new chat in this project starts on.</source>
        <translation>Con qué empieza un chat nuevo en este proyecto.</translation>
    </message>
    <message>
        <source>When Parley asks before an action.</source>
        <translation>Cuándo pregunta Parley antes de una acción.</translation>
    </message>
    <message>
        <source>What the model may do in the workspace.</source>
        <translation>Lo que el modelo puede hacer en la carpeta de trabajo.</translation>
    </message>
    <message>
        <source>MCP servers</source>
        <translation>Servidores MCP</translation>
    </message>
    <message>
        <source>The servers whose tools this project&apos;s conversations are offered (a server switched off in Settings → MCP servers offers none).</source>
        <translation>Los servidores cuyas herramientas se ofrecen a las conversaciones de este proyecto (un servidor desactivado en Configuración → Servidores MCP no ofrece ninguna).</translation>
    </message>
    <message>
        <source>A project needs a name.</source>
        <translation>Un proyecto necesita un nombre.</translation>
    </message>
    <message>
        <source>{folder} is not an existing folder</source>
        <translation>{folder} no es una carpeta existente</translation>
    </message>
    <message>
        <source>Saved project {name!r}.</source>
        <translation>Se guardó el proyecto {name!r}.</translation>
    </message>
    <message>
        <source>Not saved: {exc}</source>
        <translation>No guardado: {exc}</translation>
    </message>
    <message>
        <source>Not deleted: {exc}</source>
        <translation>No se eliminó: {exc}</translation>
    </message>
    <message>
        <source>Window&apos;s choice</source>
        <translation>Elección de la ventana</translation>
    </message>
    <message>
        <source>{current} (not configured)</source>
        <translation>{current} (no configurado)</translation>
    </message>
    <message>
        <source>{name} (not configured)</source>
        <translation>{name} (no configurado)</translation>
    </message>
    <message>
        <source>Delete the project {text!r}? Its files stay.</source>
        <translation>¿Eliminar el proyecto {text!r}? Sus archivos se conservan.</translation>
    </message>
    <message>
        <source>Knowledge folder</source>
        <translation>Carpeta de conocimiento</translation>
    </message>
    <message>
        <source>optional: a folder of documents every turn of this project may be answered from</source>
        <translation>opcional: una carpeta de documentos con la que se puede responder cada turno de este proyecto</translation>
    </message>
    <message>
        <source>Choose the knowledge folder</source>
        <translation>Elegir la carpeta de conocimiento</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>Borrar</translation>
    </message>
    <message>
        <source>Clear the knowledge folder</source>
        <translation>Quitar la carpeta de conocimiento</translation>
    </message>
    <message>
        <source>Knowledge folder error</source>
        <translation>Error en la carpeta de conocimiento</translation>
    </message>
    <message>
        <source>Indexed files</source>
        <translation>Archivos indexados</translation>
    </message>
    <message>
        <source>File</source>
        <translation>Archivo</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Tamaño</translation>
    </message>
    <message>
        <source>Chunks</source>
        <translation>Fragmentos</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Estado</translation>
    </message>
    <message>
        <source>Knowledge folder totals</source>
        <translation>Totales de la carpeta de conocimiento</translation>
    </message>
    <message>
        <source>Index now</source>
        <translation>Indexar ahora</translation>
    </message>
    <message>
        <source>Index the knowledge folder now</source>
        <translation>Indexar ahora la carpeta de conocimiento</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
    <message>
        <source>Cancel indexing</source>
        <translation>Cancelar la indexación</translation>
    </message>
    <message>
        <source>Indexing progress</source>
        <translation>Progreso de la indexación</translation>
    </message>
    <message>
        <source>Indexing status</source>
        <translation>Estado de la indexación</translation>
    </message>
    <message>
        <source>Knowledge folders need the knowledge index, which is not available.</source>
        <translation>Las carpetas de conocimiento necesitan el índice de conocimiento, que no está disponible.</translation>
    </message>
    <message>
        <source>Knowledge</source>
        <translation>Conocimiento</translation>
    </message>
    <message>
        <source>Folder</source>
        <translation>Carpeta</translation>
    </message>
    <message>
        <source>Parley indexes its documents (PDF, Word, Excel, PowerPoint, text, code; not images or hidden files) and answers this project&apos;s turns from them. It looks for changes every 30 seconds while the window is open.</source>
        <translation>Parley indexa sus documentos (PDF, Word, Excel, PowerPoint, texto, código; no imágenes ni archivos ocultos) y responde con ellos a los turnos de este proyecto. Busca cambios cada 30 segundos mientras la ventana está abierta.</translation>
    </message>
    <message>
        <source>Indexed</source>
        <translation>Indexado</translation>
    </message>
    <message>
        <source>Cannot read the index: {exc}</source>
        <translation>No se puede leer el índice: {exc}</translation>
    </message>
    <message>
        <source>Save the project first: the folder has changed.</source>
        <translation>Guarde primero el proyecto: la carpeta ha cambiado.</translation>
    </message>
    <message>
        <source>Choose a knowledge folder first.</source>
        <translation>Elija primero una carpeta de conocimiento.</translation>
    </message>
    <message>
        <source>Stopping…</source>
        <translation>Deteniendo…</translation>
    </message>
    <message>
        <source>indexed</source>
        <translation>indexado</translation>
    </message>
    <message>
        <source>{count:,} files · {size} · {chunks:,} chunks</source>
        <translation>{count:,} archivos · {size} · {chunks:,} fragmentos</translation>
    </message>
    <message>
        <source>{errors:,} not indexed (see Status)</source>
        <translation>{errors:,} sin indexar (vea Estado)</translation>
    </message>
    <message>
        <source>Nothing indexed yet.</source>
        <translation>Todavía no hay nada indexado.</translation>
    </message>
    <message>
        <source>No knowledge folder.</source>
        <translation>No hay carpeta de conocimiento.</translation>
    </message>
    <message>
        <source>Indexing: looking at the folder…</source>
        <translation>Indexando: revisando la carpeta…</translation>
    </message>
    <message>
        <source>Indexing {value:,} of {total:,}: {name}</source>
        <translation>Indexando {value:,} de {total:,}: {name}</translation>
    </message>
    <message>
        <source>Indexing: {done:,} of {total:,} read</source>
        <translation>Indexando: {done:,} de {total:,} leídos</translation>
    </message>
    <message>
        <source>Not indexed: {message}</source>
        <translation>No indexado: {message}</translation>
    </message>
    <message>
        <source>Removed {count:,} files from the index.</source>
        <translation>Se quitaron {count:,} archivos del índice.</translation>
    </message>
</context>
<context>
    <name>ProviderEditor</name>
    <message>
        <source>no system keyring: use Key variable below</source>
        <translation>no hay llavero del sistema: use Variable de clave abajo</translation>
    </message>
    <message>
        <source>Disabled: {keyring_problem}. Name an environment variable under Key variable.</source>
        <translation>Desactivado: {keyring_problem}. Indique una variable de entorno en Variable de clave.</translation>
    </message>
    <message>
        <source>{reason}. Set {variable} before starting Parley and name it under Key variable.</source>
        <translation>{reason}. Defina {variable} antes de iniciar Parley e indíquela en Variable de clave.</translation>
    </message>
    <message>
        <source>an environment variable</source>
        <translation>una variable de entorno</translation>
    </message>
    <message>
        <source>paste it above (it is kept in the system keyring)</source>
        <translation>péguela arriba (se guarda en el llavero del sistema)</translation>
    </message>
    <message>
        <source>{reason}; set {variable} before starting Parley and name it under Key variable</source>
        <translation>{reason}; defina {variable} antes de iniciar Parley e indíquela en Variable de clave</translation>
    </message>
    <message>
        <source>{name!r} needs an API key: {where}</source>
        <translation>{name!r} necesita una clave de API: {where}</translation>
    </message>
    <message>
        <source>Key: {source}</source>
        <translation>Clave: {source}</translation>
    </message>
    <message>
        <source>Saved {name!r}.</source>
        <translation>{name!r} guardado.</translation>
    </message>
    <message>
        <source>Saving…</source>
        <translation>Guardando…</translation>
    </message>
    <message>
        <source>Testing…</source>
        <translation>Probando…</translation>
    </message>
    <message>
        <source>Fetching models…</source>
        <translation>Obteniendo modelos…</translation>
    </message>
    <message>
        <source>give the provider a name</source>
        <translation>dé un nombre al proveedor</translation>
    </message>
</context>
<context>
    <name>ProviderError</name>
    <message>
        <source>{summary} (HTTP {status}): {message}</source>
        <translation>{summary} (HTTP {status}): {message}</translation>
    </message>
    <message>
        <source>The provider refused the request</source>
        <translation>El proveedor rechazó la petición</translation>
    </message>
    <message>
        <source>The provider rejected the API key</source>
        <translation>El proveedor rechazó la clave de API</translation>
    </message>
    <message>
        <source>The API key may not use this model or endpoint</source>
        <translation>La clave de API no tiene permiso para este modelo o punto de acceso</translation>
    </message>
    <message>
        <source>The provider does not know this model or endpoint</source>
        <translation>El proveedor no conoce este modelo o punto de acceso</translation>
    </message>
    <message>
        <source>The provider is rate limiting requests</source>
        <translation>El proveedor está limitando la frecuencia de las peticiones</translation>
    </message>
    <message>
        <source>The account is out of quota or credit</source>
        <translation>La cuenta se ha quedado sin cuota o sin crédito</translation>
    </message>
    <message>
        <source>The provider is overloaded</source>
        <translation>El proveedor está sobrecargado</translation>
    </message>
    <message>
        <source>The conversation is too long for this model</source>
        <translation>La conversación es demasiado larga para este modelo</translation>
    </message>
    <message>
        <source>The provider&apos;s content policy refused the request</source>
        <translation>La política de contenido del proveedor rechazó la petición</translation>
    </message>
    <message>
        <source>The provider rejected the request as invalid</source>
        <translation>El proveedor rechazó la petición por no ser válida</translation>
    </message>
    <message>
        <source>The provider had a server error</source>
        <translation>El proveedor tuvo un error del servidor</translation>
    </message>
    <message>
        <source> (content type {content_type}, not an event stream)</source>
        <translation> (tipo de contenido {content_type}, no un flujo de eventos)</translation>
    </message>
    <message>
        <source>none</source>
        <translation>ninguno</translation>
    </message>
    <message>
        <source>before message_stop: it may be cut short</source>
        <translation>antes de message_stop: puede haber quedado cortada</translation>
    </message>
    <message>
        <source>the system keyring (entry {name!r})</source>
        <translation>el llavero del sistema (entrada {name!r})</translation>
    </message>
    <message>
        <source>nowhere it knows of</source>
        <translation>ningún lugar conocido</translation>
    </message>
    <message>
        <source>provider {name!r} needs an API key and none was found (looked in: {looked}). {problem}: {variable}</source>
        <translation>el proveedor {name!r} necesita una clave de API y no se encontró ninguna (se buscó en: {looked}). {problem}: {variable}</translation>
    </message>
    <message>
        <source>provider {name!r} needs an API key and none was found (looked in: {looked}). {problem}: name one with: parley providers add {entry} --replace --api-key-env VAR ...</source>
        <translation>el proveedor {name!r} necesita una clave de API y no se encontró ninguna (se buscó en: {looked}). {problem}: indique una con: parley providers add {entry} --replace --api-key-env VAR ...</translation>
    </message>
    <message>
        <source>provider {name!r} needs an API key and none was found (looked in: {looked}); store one with: parley providers set-key {entry}, or set the environment variable {variable}</source>
        <translation>el proveedor {name!r} necesita una clave de API y no se encontró ninguna (se buscó en: {looked}); guarde una con: parley providers set-key {entry}, o defina la variable de entorno {variable}</translation>
    </message>
    <message>
        <source>provider {name!r} needs an API key and none was found (looked in: {looked}); store one with: parley providers set-key {entry}, or name an environment variable with --api-key-env</source>
        <translation>el proveedor {name!r} necesita una clave de API y no se encontró ninguna (se buscó en: {looked}); guarde una con: parley providers set-key {entry}, o indique una variable de entorno con --api-key-env</translation>
    </message>
    <message>
        <source>provider {name!r} has an unknown kind {kind!r}</source>
        <translation>el proveedor {name!r} tiene un tipo desconocido {kind!r}</translation>
    </message>
    <message>
        <source>provider {name!r} uses the kind {kind!r}, which this installation of Parley cannot speak ({error})</source>
        <translation>el proveedor {name!r} usa el tipo {kind!r}, que esta instalación de Parley no admite ({error})</translation>
    </message>
    <message>
        <source>no provider is configured; {hint}</source>
        <translation>no hay ningún proveedor configurado; {hint}</translation>
    </message>
    <message>
        <source>before Gemini said it was finished (no finishReason); it may be cut short</source>
        <translation>antes de que Gemini indicara que había terminado (sin finishReason); puede haber quedado cortada</translation>
    </message>
    <message>
        <source>Gemini blocked the prompt ({reason}) and returned no answer.{details}</source>
        <translation>Gemini bloqueó el prompt ({reason}) y no devolvió ninguna respuesta.{details}</translation>
    </message>
    <message>
        <source>Gemini stopped this answer ({reason}) and returned no text.{details}</source>
        <translation>Gemini detuvo esta respuesta ({reason}) y no devolvió texto.{details}</translation>
    </message>
    <message>
        <source> Gemini said: {message}</source>
        <translation> Gemini dijo: {message}</translation>
    </message>
    <message>
        <source> Blocked category: {categories}.</source>
        <translation> Categoría bloqueada: {categories}.</translation>
    </message>
    <message>
        <source> Gemini said: {message} Blocked category: {categories}.</source>
        <translation> Gemini dijo: {message} Categoría bloqueada: {categories}.</translation>
    </message>
    <message>
        <source>no details given</source>
        <translation>sin detalles</translation>
    </message>
    <message>
        <source>the server sent an HTML page</source>
        <translation>el servidor envió una página HTML</translation>
    </message>
    <message>
        <source>{reason} (the server sent an HTML page)</source>
        <translation>{reason} (el servidor envió una página HTML)</translation>
    </message>
    <message>
        <source>the provider stopped responding: no data from {host} for {seconds:g} s</source>
        <translation>el proveedor dejó de responder: ningún dato de {host} durante {seconds:g} s</translation>
    </message>
    <message>
        <source>the API key or an extra header contains characters that cannot be sent in an HTTP header (a line break, for instance)</source>
        <translation>la clave de API o una cabecera adicional contiene caracteres que no se pueden enviar en una cabecera HTTP (un salto de línea, por ejemplo)</translation>
    </message>
    <message>
        <source>unusable provider URL {url}: {cause}</source>
        <translation>URL del proveedor no utilizable {url}: {cause}</translation>
    </message>
    <message>
        <source>could not connect to {url} within {seconds:g} s</source>
        <translation>no se pudo conectar con {url} en {seconds:g} s</translation>
    </message>
    <message>
        <source>secure connection to {host} failed: {cause}</source>
        <translation>falló la conexión segura con {host}: {cause}</translation>
    </message>
    <message>
        <source>could not connect to {url}: {cause}</source>
        <translation>no se pudo conectar con {url}: {cause}</translation>
    </message>
    <message>
        <source>request to {url} failed: {kind}: {error}</source>
        <translation>falló la petición a {url}: {kind}: {error}</translation>
    </message>
    <message>
        <source>the server closed the connection</source>
        <translation>el servidor cerró la conexión</translation>
    </message>
    <message>
        <source>the connection to {host} dropped before the answer began: {reason}</source>
        <translation>la conexión con {host} se cortó antes de que empezara la respuesta: {reason}</translation>
    </message>
    <message>
        <source>the connection to {host} broke before the answer was complete: {reason}</source>
        <translation>la conexión con {host} se interrumpió antes de que la respuesta estuviera completa: {reason}</translation>
    </message>
    <message>
        <source>{host} sent an empty answer{hint}</source>
        <translation>{host} envió una respuesta vacía{hint}</translation>
    </message>
    <message>
        <source>the answer from {host} ended{where} {lacks}</source>
        <translation>la respuesta de {host} terminó{where} {lacks}</translation>
    </message>
    <message>
        <source> in the middle of {item}</source>
        <translation> en mitad de {item}</translation>
    </message>
    <message>
        <source> (content type was {content_type}, not an event stream)</source>
        <translation> (el tipo de contenido era {content_type}, no un flujo de eventos)</translation>
    </message>
    <message>
        <source>the provider base URL {url!r} is not an http(s) URL (expected something like {example})</source>
        <translation>la URL base del proveedor {url!r} no es una URL http(s) (se esperaba algo como {example})</translation>
    </message>
    <message>
        <source>no model chosen for {where}: the request names none and the provider has no default model{hint}</source>
        <translation>no se eligió ningún modelo para {where}: la petición no indica ninguno y el proveedor no tiene modelo predeterminado{hint}</translation>
    </message>
    <message>
        <source>this provider</source>
        <translation>este proveedor</translation>
    </message>
    <message>
        <source>{host} answered /{path} with something other than a model list</source>
        <translation>{host} respondió a /{path} con algo que no es una lista de modelos</translation>
    </message>
    <message>
        <source>{host} answered /{path} with something other than a model list: {detail}</source>
        <translation>{host} respondió a /{path} con algo que no es una lista de modelos: {detail}</translation>
    </message>
    <message>
        <source>{host} reported an error during the answer: {message}</source>
        <translation>{host} informó de un error durante la respuesta: {message}</translation>
    </message>
    <message>
        <source>before the answer was complete; it may be cut short</source>
        <translation>antes de que la respuesta estuviera completa; puede haber quedado cortada</translation>
    </message>
    <message>
        <source>an event</source>
        <translation>un evento</translation>
    </message>
    <message>
        <source>is Ollama running there? Start it with `ollama serve` (or the Ollama app), or check the base URL</source>
        <translation>¿se está ejecutando Ollama allí? Inícielo con `ollama serve` (o con la aplicación de Ollama), o compruebe la URL base</translation>
    </message>
    <message>
        <source>{error} — {hint}</source>
        <translation>{error} — {hint}</translation>
    </message>
    <message>
        <source>{detail} — is the model name right? To download it, run `ollama pull {model}` on the machine that runs Ollama</source>
        <translation>{detail} — ¿es correcto el nombre del modelo? Para descargarlo, ejecute `ollama pull {model}` en la máquina donde se ejecuta Ollama</translation>
    </message>
    <message>
        <source>{detail} — is {base_url} the root of an Ollama server (like http://localhost:11434, without /v1)?</source>
        <translation>{detail} — ¿es {base_url} la raíz de un servidor Ollama (como http://localhost:11434, sin /v1)?</translation>
    </message>
    <message>
        <source> (content type {content_type})</source>
        <translation> (tipo de contenido {content_type})</translation>
    </message>
    <message>
        <source> (content type was {content_type}, not {expected})</source>
        <translation> (el tipo de contenido era {content_type}, no {expected})</translation>
    </message>
    <message>
        <source>a line</source>
        <translation>una línea</translation>
    </message>
    <message>
        <source>before its final done:true line; it may be cut short</source>
        <translation>antes de su línea final done:true; puede haber quedado cortada</translation>
    </message>
    <message>
        <source> (see `ollama list` for the local ones)</source>
        <translation> (vea `ollama list` para los modelos locales)</translation>
    </message>
    <message>
        <source>before [DONE]; it may be cut short</source>
        <translation>antes de [DONE]; puede haber quedado cortada</translation>
    </message>
    <message>
        <source> (content type {content_type}; does it support streaming?)</source>
        <translation> (tipo de contenido {content_type}; ¿admite streaming?)</translation>
    </message>
</context>
<context>
    <name>ProviderForm</name>
    <message>
        <source>Preset</source>
        <translation>Plantilla</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Nombre</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Tipo</translation>
    </message>
    <message>
        <source>Base URL</source>
        <translation>URL base</translation>
    </message>
    <message>
        <source>API key</source>
        <translation>Clave de API</translation>
    </message>
    <message>
        <source>optional: environment variable with the key</source>
        <translation>opcional: variable de entorno con la clave</translation>
    </message>
    <message>
        <source>Key variable</source>
        <translation>Variable de clave</translation>
    </message>
    <message>
        <source>Default model</source>
        <translation>Modelo predeterminado</translation>
    </message>
    <message>
        <source>Fetch models</source>
        <translation>Obtener modelos</translation>
    </message>
    <message>
        <source>Test</source>
        <translation>Probar</translation>
    </message>
    <message>
        <source>Test connection</source>
        <translation>Probar la conexión</translation>
    </message>
    <message>
        <source>Send a tiny request with what the form shows (nothing is saved)</source>
        <translation>Enviar una petición mínima con lo que muestra el formulario (no se guarda nada)</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>Guardar</translation>
    </message>
    <message>
        <source>Provider result</source>
        <translation>Resultado del proveedor</translation>
    </message>
    <message>
        <source>Connection</source>
        <translation>Conexión</translation>
    </message>
    <message>
        <source>Fills in the address, key variable and a model.</source>
        <translation>Rellena la dirección, la variable de clave y un modelo.</translation>
    </message>
    <message>
        <source>How the model picker names this provider.</source>
        <translation>Cómo llama a este proveedor el selector de modelos.</translation>
    </message>
    <message>
        <source>The wire format; a preset fixes it.</source>
        <translation>El formato de intercambio; una plantilla lo fija.</translation>
    </message>
    <message>
        <source>The API&apos;s root, e.g. https://api.openai.com/v1</source>
        <translation>La raíz de la API, p. ej. https://api.openai.com/v1</translation>
    </message>
    <message>
        <source>A key you paste is kept in the system keyring, never in a file, and never shown again; or name an environment variable that holds it.</source>
        <translation>Una clave pegada se guarda en el llavero del sistema, nunca en un archivo, y no se vuelve a mostrar; o indique una variable de entorno que la contenga.</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modelo</translation>
    </message>
    <message>
        <source>New chats with this provider start on it. Fetch models lists what the server offers.</source>
        <translation>Los chats nuevos con este proveedor empiezan con él. Obtener modelos muestra lo que ofrece el servidor.</translation>
    </message>
    <message>
        <source>Custom (OpenAI-compatible)</source>
        <translation>Personalizado (compatible con OpenAI)</translation>
    </message>
    <message>
        <source>leave empty to keep the current key</source>
        <translation>déjelo vacío para conservar la clave actual</translation>
    </message>
    <message>
        <source>{n_models} model(s) available.</source>
        <translation>{n_models} modelo(s) disponible(s).</translation>
    </message>
    <message>
        <source>optional for local servers</source>
        <translation>opcional para servidores locales</translation>
    </message>
    <message>
        <source>paste the key: it is kept in the system keyring</source>
        <translation>pegue la clave: se guarda en el llavero del sistema</translation>
    </message>
    <message>
        <source>not needed for a local server</source>
        <translation>no hace falta para un servidor local</translation>
    </message>
</context>
<context>
    <name>ProviderKind</name>
    <message>
        <source>OpenAI-compatible</source>
        <translation>Compatible con OpenAI</translation>
    </message>
    <message>
        <source>Anthropic Messages</source>
        <translation>Anthropic Messages</translation>
    </message>
    <message>
        <source>Ollama (native)</source>
        <translation>Ollama (nativo)</translation>
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
        <translation>ERROR · {kind}: {error}</translation>
    </message>
    <message>
        <source>OK · first token in {first:.0f} ms · total {total:.0f} ms · model {model}</source>
        <translation>OK · primer token en {first:.0f} ms · total {total:.0f} ms · modelo {model}</translation>
    </message>
    <message>
        <source>OK · no text in the answer{ended} · total {total:.0f} ms · model {model}</source>
        <translation>OK · sin texto en la respuesta{ended} · total {total:.0f} ms · modelo {model}</translation>
    </message>
    <message>
        <source> (finish reason: {reason})</source>
        <translation> (motivo de finalización: {reason})</translation>
    </message>
    <message>
        <source>no model to test with</source>
        <translation>no hay ningún modelo con el que probar</translation>
    </message>
    <message>
        <source>no complete answer within {seconds:g} s</source>
        <translation>ninguna respuesta completa en {seconds:g} s</translation>
    </message>
</context>
<context>
    <name>ProviderSettings</name>
    <message>
        <source>provider name {name!r} may contain only letters, digits, &apos;.&apos;, &apos;_&apos; and &apos;-&apos;</source>
        <translation>el nombre de proveedor {name!r} solo puede contener letras, dígitos, &apos;.&apos;, &apos;_&apos; y &apos;-&apos;</translation>
    </message>
    <message>
        <source>provider {name!r}: api_key_env looks like an API key itself; give the NAME of the environment variable that holds the key (for example OPENAI_API_KEY) - keys are never stored in the settings</source>
        <translation>proveedor {name!r}: api_key_env parece ser una clave de API; indique el NOMBRE de la variable de entorno que contiene la clave (por ejemplo OPENAI_API_KEY) - las claves nunca se guardan en la configuración</translation>
    </message>
    <message>
        <source>provider {name!r}: api_key_env {env!r} is not a valid environment variable name (letters, digits and &apos;_&apos;, not starting with a digit)</source>
        <translation>proveedor {name!r}: api_key_env {env!r} no es un nombre de variable de entorno válido (letras, dígitos y &apos;_&apos;, sin empezar por un dígito)</translation>
    </message>
    <message>
        <source>provider {name!r}: a base URL is required (http:// or https://)</source>
        <translation>proveedor {name!r}: se requiere una URL base (http:// o https://)</translation>
    </message>
    <message>
        <source>provider {name!r}: base URL {url!r} is malformed ({detail})</source>
        <translation>proveedor {name!r}: la URL base {url!r} está mal formada ({detail})</translation>
    </message>
    <message>
        <source>provider {name!r}: base URL {url!r} has an empty port after &apos;:&apos;</source>
        <translation>proveedor {name!r}: la URL base {url!r} tiene un puerto vacío después de &apos;:&apos;</translation>
    </message>
    <message>
        <source>provider {name!r}: base URL {url!r} must start with http:// or https:// and name a host</source>
        <translation>proveedor {name!r}: la URL base {url!r} debe empezar por http:// o https:// e indicar un host</translation>
    </message>
    <message>
        <source>provider {name!r}: base URL must not contain a user name or password; keys are never stored in the settings (use api_key_env)</source>
        <translation>proveedor {name!r}: la URL base no debe contener un nombre de usuario ni una contraseña; las claves nunca se guardan en la configuración (use api_key_env)</translation>
    </message>
    <message>
        <source>provider {name!r}: base URL must not contain a query or fragment (&apos;?&apos;, &apos;#&apos;)</source>
        <translation>proveedor {name!r}: la URL base no debe contener una consulta ni un fragmento (&apos;?&apos;, &apos;#&apos;)</translation>
    </message>
    <message>
        <source>provider {name!r}: base URL must not contain spaces</source>
        <translation>proveedor {name!r}: la URL base no debe contener espacios</translation>
    </message>
</context>
<context>
    <name>ProvidersPage</name>
    <message>
        <source>Providers</source>
        <translation>Proveedores</translation>
    </message>
    <message>
        <source>Add provider</source>
        <translation>Añadir proveedor</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Quitar</translation>
    </message>
    <message>
        <source>Remove provider</source>
        <translation>Quitar el proveedor</translation>
    </message>
    <message>
        <source>Provider details</source>
        <translation>Detalles del proveedor</translation>
    </message>
    <message>
        <source>{unavailable_reason}. Keys are read from environment variables only (name the variable under Key variable).</source>
        <translation>{unavailable_reason}. Las claves solo se leen de variables de entorno (indique la variable en Variable de clave).</translation>
    </message>
    <message>
        <source>{base_url}
key: {source}</source>
        <translation>{base_url}
clave: {source}</translation>
    </message>
    <message>
        <source>Key: {source}</source>
        <translation>Clave: {source}</translation>
    </message>
    <message>
        <source>Remove {name!r} and its stored key?</source>
        <translation>¿Quitar {name!r} y su clave guardada?</translation>
    </message>
    <message>
        <source>Cannot remove: {exc}</source>
        <translation>No se puede quitar: {exc}</translation>
    </message>
</context>
<context>
    <name>QuickAskWindow</name>
    <message>
        <source>Quick ask — Parley</source>
        <translation>Pregunta rápida — Parley</translation>
    </message>
    <message>
        <source>Ask anything…</source>
        <translation>Pregunte lo que quiera…</translation>
    </message>
    <message>
        <source>Question</source>
        <translation>Pregunta</translation>
    </message>
    <message>
        <source>Answer</source>
        <translation>Respuesta</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>Copiar</translation>
    </message>
    <message>
        <source>Open in Parley</source>
        <translation>Abrir en Parley</translation>
    </message>
    <message>
        <source>the default model</source>
        <translation>el modelo predeterminado</translation>
    </message>
    <message>
        <source>{model} · Enter sends · Esc closes</source>
        <translation>{model} · Intro envía · Esc cierra</translation>
    </message>
    <message>
        <source>Opening your profile…</source>
        <translation>Abriendo su perfil…</translation>
    </message>
    <message>
        <source>No provider yet: add one in Parley&apos;s Settings → Providers.</source>
        <translation>Todavía no hay proveedor: añada uno en Configuración → Proveedores de Parley.</translation>
    </message>
    <message>
        <source>Commands work in Parley&apos;s window; here, just ask.</source>
        <translation>Los comandos funcionan en la ventana de Parley; aquí, simplemente pregunte.</translation>
    </message>
    <message>
        <source>{model} is answering…</source>
        <translation>{model} está respondiendo…</translation>
    </message>
    <message>
        <source>Quick ask: {model} answered</source>
        <translation>Pregunta rápida: {model} ha respondido</translation>
    </message>
    <message>
        <source>Copied.</source>
        <translation>Copiado.</translation>
    </message>
</context>
<context>
    <name>QuickSwitcher</name>
    <message>
        <source>Go to conversation</source>
        <translation>Ir a la conversación</translation>
    </message>
    <message>
        <source>Type to find a conversation by title or content</source>
        <translation>Escriba para buscar una conversación por título o contenido</translation>
    </message>
    <message>
        <source>Find a conversation</source>
        <translation>Buscar una conversación</translation>
    </message>
    <message>
        <source>Matching conversations</source>
        <translation>Conversaciones coincidentes</translation>
    </message>
    <message>
        <source>{shown}
last activity {local_time}</source>
        <translation>{shown}
última actividad {local_time}</translation>
    </message>
    <message>
        <source>{n_matches} by title; searching content…</source>
        <translation>{n_matches} por título; buscando en el contenido…</translation>
    </message>
    <message>
        <source>Recent conversations</source>
        <translation>Conversaciones recientes</translation>
    </message>
    <message>
        <source>{titles} by title, {added} more by content</source>
        <translation>{titles} por título, {added} más por contenido</translation>
    </message>
    <message>
        <source>Content search failed: {value}</source>
        <translation>Error en la búsqueda de contenido: {value}</translation>
    </message>
</context>
<context>
    <name>ResourceChip</name>
    <message>
        <source>MCP resource {title}</source>
        <translation>Recurso MCP {title}</translation>
    </message>
    <message>
        <source>Remove {title}</source>
        <translation>Quitar {title}</translation>
    </message>
</context>
<context>
    <name>SamplingDialog</name>
    <message>
        <source>Let an MCP server use your model?</source>
        <translation>¿Dejar que un servidor MCP use su modelo?</translation>
    </message>
    <message>
        <source>{server} asks your model to answer</source>
        <translation>{server} pide una respuesta a su modelo</translation>
    </message>
    <message>
        <source>Nothing is sent until you allow it. The answer goes back to the server, not to the conversation. Deny is the default (Enter or Esc).</source>
        <translation>No se envía nada hasta que lo permita. La respuesta vuelve al servidor, no a la conversación. Denegar es la opción predeterminada (Intro o Esc).</translation>
    </message>
    <message>
        <source>no model is configured</source>
        <translation>no hay ningún modelo configurado</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modelo</translation>
    </message>
    <message>
        <source>at most {max_tokens} tokens</source>
        <translation>como máximo {max_tokens} tokens</translation>
    </message>
    <message>
        <source>Length</source>
        <translation>Longitud</translation>
    </message>
    <message>
        <source>Asked for</source>
        <translation>Solicitado</translation>
    </message>
    <message>
        <source>System prompt</source>
        <translation>Prompt del sistema</translation>
    </message>
    <message>
        <source>Messages</source>
        <translation>Mensajes</translation>
    </message>
    <message>
        <source>Allow once</source>
        <translation>Permitir una vez</translation>
    </message>
    <message>
        <source>Deny</source>
        <translation>Denegar</translation>
    </message>
</context>
<context>
    <name>ScheduledController</name>
    <message>
        <source>&amp;Scheduled tasks…</source>
        <translation>Tareas &amp;programadas…</translation>
    </message>
    <message>
        <source>&amp;Scheduled</source>
        <translation>&amp;Programadas</translation>
    </message>
    <message>
        <source>Scheduled</source>
        <translation>Programadas</translation>
    </message>
    <message>
        <source>Tasks run on time even while Parley is closed ({what}).</source>
        <translation>Las tareas se ejecutan a tiempo incluso con Parley cerrado ({what}).</translation>
    </message>
    <message>
        <source>Tasks run while this window is open. The operating system&apos;s timer is not on: {why}</source>
        <translation>Las tareas se ejecutan mientras esta ventana está abierta. El temporizador del sistema operativo no está activo: {why}</translation>
    </message>
    <message>
        <source>Scheduled task “{name}” is running…</source>
        <translation>La tarea programada «{name}» se está ejecutando…</translation>
    </message>
    <message>
        <source>a removed task</source>
        <translation>una tarea eliminada</translation>
    </message>
    <message>
        <source>completed</source>
        <translation>completada</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fallida</translation>
    </message>
    <message>
        <source>timed out</source>
        <translation>tiempo agotado</translation>
    </message>
    <message>
        <source>was cancelled</source>
        <translation>se canceló</translation>
    </message>
    <message>
        <source>was interrupted</source>
        <translation>se interrumpió</translation>
    </message>
    <message>
        <source>could not start</source>
        <translation>no pudo iniciarse</translation>
    </message>
    <message>
        <source>was missed</source>
        <translation>se perdió</translation>
    </message>
    <message>
        <source>Scheduled task “{name}” {status}</source>
        <translation>La tarea programada «{name}» {status}</translation>
    </message>
    <message>
        <source>Its conversation is in the Scheduled section.</source>
        <translation>Su conversación está en la sección Programadas.</translation>
    </message>
</context>
<context>
    <name>ScheduledPage</name>
    <message>
        <source>Scheduled tasks — Parley</source>
        <translation>Tareas programadas — Parley</translation>
    </message>
    <message>
        <source>Scheduled tasks</source>
        <translation>Tareas programadas</translation>
    </message>
    <message>
        <source>Add task…</source>
        <translation>Añadir tarea…</translation>
    </message>
    <message>
        <source>Run now</source>
        <translation>Ejecutar ahora</translation>
    </message>
    <message>
        <source>Turn off</source>
        <translation>Desactivar</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Quitar</translation>
    </message>
    <message>
        <source>Task</source>
        <translation>Tarea</translation>
    </message>
    <message>
        <source>Schedule</source>
        <translation>Programación</translation>
    </message>
    <message>
        <source>Next run</source>
        <translation>Próxima ejecución</translation>
    </message>
    <message>
        <source>Last run</source>
        <translation>Última ejecución</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Estado</translation>
    </message>
    <message>
        <source>No scheduled tasks yet. Add one to have a prompt run on a schedule — every weekday at 8, every hour — even while this window is closed.</source>
        <translation>Todavía no hay tareas programadas. Añada una para que un prompt se ejecute según una programación (cada día laborable a las 8, cada hora) incluso con esta ventana cerrada.</translation>
    </message>
    <message>
        <source>Runs</source>
        <translation>Ejecuciones</translation>
    </message>
    <message>
        <source>When</source>
        <translation>Cuándo</translation>
    </message>
    <message>
        <source>How</source>
        <translation>Cómo</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>Coste</translation>
    </message>
    <message>
        <source>Files</source>
        <translation>Archivos</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>Nota</translation>
    </message>
    <message>
        <source>Open conversation</source>
        <translation>Abrir la conversación</translation>
    </message>
    <message>
        <source>off</source>
        <translation>desactivada</translation>
    </message>
    <message>
        <source>never</source>
        <translation>nunca</translation>
    </message>
    <message>
        <source>{n} action(s) refused</source>
        <translation>{n} acción(es) rechazada(s)</translation>
    </message>
    <message>
        <source>(removed)</source>
        <translation>(eliminada)</translation>
    </message>
    <message>
        <source>running…</source>
        <translation>en ejecución…</translation>
    </message>
    <message>
        <source>completed</source>
        <translation>completada</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fallida</translation>
    </message>
    <message>
        <source>timed out</source>
        <translation>tiempo agotado</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>cancelada</translation>
    </message>
    <message>
        <source>interrupted</source>
        <translation>interrumpida</translation>
    </message>
    <message>
        <source>missed</source>
        <translation>perdida</translation>
    </message>
    <message>
        <source>not started</source>
        <translation>no iniciada</translation>
    </message>
    <message>
        <source>on time</source>
        <translation>a tiempo</translation>
    </message>
    <message>
        <source>caught up</source>
        <translation>recuperada</translation>
    </message>
    <message>
        <source>by hand</source>
        <translation>a mano</translation>
    </message>
    <message>
        <source>Turn on</source>
        <translation>Activar</translation>
    </message>
    <message>
        <source>Remove scheduled task</source>
        <translation>Quitar la tarea programada</translation>
    </message>
    <message>
        <source>Remove “{name}”? It will not run again; its past runs and their conversations stay.</source>
        <translation>¿Quitar «{name}»? No volverá a ejecutarse; sus ejecuciones anteriores y sus conversaciones se conservan.</translation>
    </message>
</context>
<context>
    <name>Schedules</name>
    <message>
        <source>the project {project!r} no longer exists</source>
        <translation>el proyecto {project!r} ya no existe</translation>
    </message>
    <message>
        <source>the task offers tools but its workspace {workspace} is not a folder</source>
        <translation>la tarea ofrece herramientas, pero su carpeta de trabajo {workspace} no es una carpeta</translation>
    </message>
    <message>
        <source>the provider {provider!r} is no longer configured</source>
        <translation>el proveedor {provider!r} ya no está configurado</translation>
    </message>
    <message>
        <source>no provider is configured (parley providers add)</source>
        <translation>no hay ningún proveedor configurado (parley providers add)</translation>
    </message>
    <message>
        <source>the prompt holds only commands; a task needs a message to send</source>
        <translation>el prompt solo contiene comandos; una tarea necesita un mensaje que enviar</translation>
    </message>
    <message>
        <source>missed while nothing was running (the task does not catch up)</source>
        <translation>perdida mientras no había nada en ejecución (la tarea no recupera las ejecuciones perdidas)</translation>
    </message>
    <message>
        <source>the operating system&apos;s timer is written only on Linux (systemd); on macOS and Windows see docs/user-guide/scheduled-tasks.md (launchd, Task Scheduler). Until then tasks run while Parley&apos;s window is open.</source>
        <translation>el temporizador del sistema operativo solo se escribe en Linux (systemd); en macOS y Windows, vea docs/user-guide/scheduled-tasks.md (launchd, Programador de tareas). Hasta entonces, las tareas se ejecutan mientras la ventana de Parley está abierta.</translation>
    </message>
    <message>
        <source>the timer&apos;s units are written ({folder}) but systemd could not turn them on: {problem}. In a desktop session run: systemctl --user daemon-reload &amp;&amp; systemctl --user enable --now {unit}.timer — until then tasks run only while Parley&apos;s window is open.</source>
        <translation>las unidades del temporizador están escritas ({folder}), pero systemd no pudo activarlas: {problem}. En una sesión de escritorio, ejecute: systemctl --user daemon-reload &amp;&amp; systemctl --user enable --now {unit}.timer — hasta entonces, las tareas solo se ejecutan mientras la ventana de Parley está abierta.</translation>
    </message>
    <message>
        <source>the systemd user timer {unit}.timer is on</source>
        <translation>el temporizador de usuario de systemd {unit}.timer está activo</translation>
    </message>
    <message>
        <source>no timer was installed</source>
        <translation>no había ningún temporizador instalado</translation>
    </message>
    <message>
        <source>the timer&apos;s files are removed; systemd said: {problem}</source>
        <translation>se eliminaron los archivos del temporizador; systemd dijo: {problem}</translation>
    </message>
    <message>
        <source>the systemd user timer {unit}.timer is removed</source>
        <translation>se eliminó el temporizador de usuario de systemd {unit}.timer</translation>
    </message>
    <message>
        <source>no systemd user timer is installed</source>
        <translation>no hay ningún temporizador de usuario de systemd instalado</translation>
    </message>
    <message>
        <source>the timer is written but not active ({problem})</source>
        <translation>el temporizador está escrito, pero no activo ({problem})</translation>
    </message>
    <message>
        <source>{unit}.timer is active</source>
        <translation>{unit}.timer está activo</translation>
    </message>
    <message>
        <source>systemctl is not installed</source>
        <translation>systemctl no está instalado</translation>
    </message>
</context>
<context>
    <name>SessionSearch</name>
    <message>
        <source>Search conversations ({keys_for})</source>
        <translation>Buscar conversaciones ({keys_for})</translation>
    </message>
    <message>
        <source>Search</source>
        <translation>Buscar</translation>
    </message>
    <message>
        <source>Titles and content; Esc clears</source>
        <translation>Títulos y contenido; Esc borra</translation>
    </message>
    <message>
        <source>(untitled)</source>
        <translation>(sin título)</translation>
    </message>
    <message>
        <source>(title matches)</source>
        <translation>(coincide el título)</translation>
    </message>
    <message>
        <source>last activity {time} UTC</source>
        <translation>última actividad {time} UTC</translation>
    </message>
</context>
<context>
    <name>SettingsController</name>
    <message>
        <source>Cannot read settings: {exc}</source>
        <translation>No se puede leer la configuración: {exc}</translation>
    </message>
    <message>
        <source>No project</source>
        <translation>Sin proyecto</translation>
    </message>
    <message>
        <source>Cannot read skills: {exc}</source>
        <translation>No se pueden leer las habilidades: {exc}</translation>
    </message>
    <message>
        <source>switch to {model} ({provider})</source>
        <translation>cambiar a {model} ({provider})</translation>
    </message>
    <message>
        <source>Start a new conversation</source>
        <translation>Empezar una conversación nueva</translation>
    </message>
    <message>
        <source>Start a new conversation (the current one is kept)</source>
        <translation>Empezar una conversación nueva (la actual se conserva)</translation>
    </message>
    <message>
        <source>What the commands do</source>
        <translation>Qué hacen los comandos</translation>
    </message>
    <message>
        <source>Summarise the earlier messages to make room in the context</source>
        <translation>Resumir los mensajes anteriores para hacer sitio en el contexto</translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <source>Providers</source>
        <translation>Proveedores</translation>
    </message>
    <message>
        <source>Where answers come from: cloud services and servers on this computer. Keys are kept in the system keyring, never in a file.</source>
        <translation>De dónde vienen las respuestas: servicios en la nube y servidores en este ordenador. Las claves se guardan en el llavero del sistema, nunca en un archivo.</translation>
    </message>
    <message>
        <source>Skills &amp; Agents</source>
        <translation>Habilidades y agentes</translation>
    </message>
    <message>
        <source>Markdown files that give the model rules (skills) or a persona (agents). Use them with /skill NAME and /agent NAME.</source>
        <translation>Archivos Markdown que dan al modelo reglas (habilidades) o un personaje (agentes). Úselos con /skill NOMBRE y /agent NOMBRE.</translation>
    </message>
    <message>
        <source>Projects</source>
        <translation>Proyectos</translation>
    </message>
    <message>
        <source>A workspace folder, shared instructions, a default model and tool permissions under one name.</source>
        <translation>Una carpeta de trabajo, instrucciones compartidas, un modelo predeterminado y permisos de herramientas bajo un mismo nombre.</translation>
    </message>
    <message>
        <source>Prices</source>
        <translation>Precios</translation>
    </message>
    <message>
        <source>The price table behind the estimated cost shown under each answer.</source>
        <translation>La tabla de precios detrás del coste estimado que se muestra bajo cada respuesta.</translation>
    </message>
    <message>
        <source>MCP servers</source>
        <translation>Servidores MCP</translation>
    </message>
    <message>
        <source>Tools from Model Context Protocol servers: programs on this computer or services on the web. Every call goes through Parley&apos;s permission checks.</source>
        <translation>Herramientas de servidores Model Context Protocol: programas en este ordenador o servicios en la web. Cada llamada pasa por las comprobaciones de permisos de Parley.</translation>
    </message>
    <message>
        <source>Context &amp; knowledge</source>
        <translation>Contexto y conocimiento</translation>
    </message>
    <message>
        <source>How long conversations are summarised, and how large documents and projects&apos; knowledge folders are searched for each turn.</source>
        <translation>Cómo se resumen las conversaciones largas y cómo se consultan en cada turno los documentos grandes y las carpetas de conocimiento de los proyectos.</translation>
    </message>
    <message>
        <source>Team</source>
        <translation>Equipo</translation>
    </message>
    <message>
        <source>Sync this computer&apos;s history with your team&apos;s store, in the background. This computer keeps working offline; the password is kept in the system keyring.</source>
        <translation>Sincronizar en segundo plano el historial de este ordenador con el almacén de su equipo. Este ordenador sigue funcionando sin conexión; la contraseña se guarda en el llavero del sistema.</translation>
    </message>
    <message>
        <source>Desktop</source>
        <translation>Escritorio</translation>
    </message>
    <message>
        <source>Parley in the system tray, and Quick ask: one question from anywhere, with a key chord or the command parley quick.</source>
        <translation>Parley en la bandeja del sistema y la Pregunta rápida: una pregunta desde cualquier lugar, con una combinación de teclas o el comando parley quick.</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>Configuración</translation>
    </message>
    <message>
        <source>Settings pages</source>
        <translation>Páginas de configuración</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Cerrar</translation>
    </message>
</context>
<context>
    <name>Shortcuts</name>
    <message>
        <source>Send</source>
        <translation>Enviar</translation>
    </message>
    <message>
        <source>Send the prompt</source>
        <translation>Enviar el prompt</translation>
    </message>
    <message>
        <source>New line</source>
        <translation>Línea nueva</translation>
    </message>
    <message>
        <source>Start a new line in the prompt</source>
        <translation>Empezar una línea nueva en el prompt</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Detener</translation>
    </message>
    <message>
        <source>Stop the answer being written (the partial answer is kept)</source>
        <translation>Detener la respuesta que se está escribiendo (se conserva la respuesta parcial)</translation>
    </message>
    <message>
        <source>New conversation</source>
        <translation>Nueva conversación</translation>
    </message>
    <message>
        <source>Start a new conversation</source>
        <translation>Empezar una conversación nueva</translation>
    </message>
    <message>
        <source>Quick switch</source>
        <translation>Cambio rápido</translation>
    </message>
    <message>
        <source>Jump to a conversation by its title</source>
        <translation>Saltar a una conversación por su título</translation>
    </message>
    <message>
        <source>Find conversation</source>
        <translation>Buscar conversación</translation>
    </message>
    <message>
        <source>Search all conversations</source>
        <translation>Buscar en todas las conversaciones</translation>
    </message>
    <message>
        <source>History</source>
        <translation>Historial</translation>
    </message>
    <message>
        <source>Browse, verify and export the history</source>
        <translation>Examinar, verificar y exportar el historial</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>Configuración</translation>
    </message>
    <message>
        <source>Providers, keys and preferences</source>
        <translation>Proveedores, claves y preferencias</translation>
    </message>
    <message>
        <source>Copy last answer</source>
        <translation>Copiar la última respuesta</translation>
    </message>
    <message>
        <source>Copy the last answer to the clipboard</source>
        <translation>Copiar la última respuesta al portapapeles</translation>
    </message>
    <message>
        <source>Edit last message</source>
        <translation>Editar el último mensaje</translation>
    </message>
    <message>
        <source>Edit your last message (Up in an empty prompt); sending starts a new branch</source>
        <translation>Editar su último mensaje (Arriba en un prompt vacío); al enviarlo empieza una rama nueva</translation>
    </message>
    <message>
        <source>Attach files</source>
        <translation>Adjuntar archivos</translation>
    </message>
    <message>
        <source>Choose files to attach to the prompt</source>
        <translation>Elegir archivos para adjuntar al prompt</translation>
    </message>
    <message>
        <source>Toggle sidebar</source>
        <translation>Mostrar/ocultar la barra lateral</translation>
    </message>
    <message>
        <source>Show or hide the conversation list</source>
        <translation>Mostrar u ocultar la lista de conversaciones</translation>
    </message>
    <message>
        <source>Zoom in</source>
        <translation>Ampliar</translation>
    </message>
    <message>
        <source>Make the text larger</source>
        <translation>Agrandar el texto</translation>
    </message>
    <message>
        <source>Zoom out</source>
        <translation>Reducir</translation>
    </message>
    <message>
        <source>Make the text smaller</source>
        <translation>Reducir el texto</translation>
    </message>
    <message>
        <source>Reset zoom</source>
        <translation>Tamaño normal</translation>
    </message>
    <message>
        <source>Back to the normal text size</source>
        <translation>Volver al tamaño de texto normal</translation>
    </message>
    <message>
        <source>Show shortcuts</source>
        <translation>Mostrar los atajos</translation>
    </message>
    <message>
        <source>This list of keyboard shortcuts</source>
        <translation>Esta lista de atajos de teclado</translation>
    </message>
    <message>
        <source>Rename conversation</source>
        <translation>Cambiar el nombre de la conversación</translation>
    </message>
    <message>
        <source>Rename the selected conversation</source>
        <translation>Cambiar el nombre de la conversación seleccionada</translation>
    </message>
    <message>
        <source>Delete conversation</source>
        <translation>Eliminar la conversación</translation>
    </message>
    <message>
        <source>Delete the selected conversation</source>
        <translation>Eliminar la conversación seleccionada</translation>
    </message>
    <message>
        <source>Undo delete</source>
        <translation>Deshacer la eliminación</translation>
    </message>
    <message>
        <source>Bring back the conversation just deleted</source>
        <translation>Recuperar la conversación recién eliminada</translation>
    </message>
    <message>
        <source>Message actions</source>
        <translation>Acciones del mensaje</translation>
    </message>
    <message>
        <source>Copy, regenerate or edit the message at the cursor (also the Menu key)</source>
        <translation>Copiar, regenerar o editar el mensaje en el cursor (también la tecla Menú)</translation>
    </message>
    <message>
        <source>Quit</source>
        <translation>Salir</translation>
    </message>
    <message>
        <source>Quit Parley</source>
        <translation>Salir de Parley</translation>
    </message>
</context>
<context>
    <name>ShortcutsDialog</name>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>Atajos de teclado</translation>
    </message>
    <message>
        <source>Filter shortcuts</source>
        <translation>Filtrar atajos</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>Acción</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>Teclas</translation>
    </message>
    <message>
        <source> or </source>
        <translation> o </translation>
    </message>
    <message>
        <source>No shortcut matches.</source>
        <translation>Ningún atajo coincide.</translation>
    </message>
</context>
<context>
    <name>SidebarController</name>
    <message>
        <source>Cannot search: {message}</source>
        <translation>No se puede buscar: {message}</translation>
    </message>
    <message>
        <source>Could not save the change: {message}</source>
        <translation>No se pudo guardar el cambio: {message}</translation>
    </message>
    <message>
        <source>Stop the running answer before switching conversations.</source>
        <translation>Detenga la respuesta en curso antes de cambiar de conversación.</translation>
    </message>
    <message>
        <source>Duplicated as “{title}”.</source>
        <translation>Duplicada como «{title}».</translation>
    </message>
    <message>
        <source>Stop the running answer before deleting this conversation.</source>
        <translation>Detenga la respuesta en curso antes de eliminar esta conversación.</translation>
    </message>
    <message>
        <source>Deleted “{value}”.</source>
        <translation>Se eliminó «{value}».</translation>
    </message>
    <message>
        <source>The conversation is back.</source>
        <translation>La conversación ha vuelto.</translation>
    </message>
</context>
<context>
    <name>SkillsPage</name>
    <message>
        <source>Skills</source>
        <translation>Habilidades</translation>
    </message>
    <message>
        <source>Agents</source>
        <translation>Agentes</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Tipo</translation>
    </message>
    <message>
        <source>Skills and agents</source>
        <translation>Habilidades y agentes</translation>
    </message>
    <message>
        <source>New</source>
        <translation>Nuevo</translation>
    </message>
    <message>
        <source>New skill or agent</source>
        <translation>Nueva habilidad o agente</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Eliminar</translation>
    </message>
    <message>
        <source>Delete skill or agent</source>
        <translation>Eliminar la habilidad o el agente</translation>
    </message>
    <message>
        <source>Open folder</source>
        <translation>Abrir la carpeta</translation>
    </message>
    <message>
        <source>Open the folder of these files</source>
        <translation>Abrir la carpeta de estos archivos</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Nombre</translation>
    </message>
    <message>
        <source>lower-case, e.g. code-review</source>
        <translation>minúsculas, p. ej. code-review</translation>
    </message>
    <message>
        <source>Name error</source>
        <translation>Error en el nombre</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>Descripción</translation>
    </message>
    <message>
        <source>one line: what it is for</source>
        <translation>una línea: para qué sirve</translation>
    </message>
    <message>
        <source>Text (Markdown)</source>
        <translation>Texto (Markdown)</translation>
    </message>
    <message>
        <source>The rules or the persona, in Markdown</source>
        <translation>Las reglas o el personaje, en Markdown</translation>
    </message>
    <message>
        <source>Text error</source>
        <translation>Error en el texto</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>Guardar</translation>
    </message>
    <message>
        <source>Save skill or agent</source>
        <translation>Guardar la habilidad o el agente</translation>
    </message>
    <message>
        <source>Save result</source>
        <translation>Resultado al guardar</translation>
    </message>
    <message>
        <source>Some files could not be used:</source>
        <translation>Algunos archivos no se pudieron usar:</translation>
    </message>
    <message>
        <source>Files that could not be used</source>
        <translation>Archivos que no se pudieron usar</translation>
    </message>
    <message>
        <source>Document</source>
        <translation>Documento</translation>
    </message>
    <message>
        <source>Lower-case words joined by hyphens; it is the file&apos;s name.</source>
        <translation>Palabras en minúsculas unidas por guiones; es el nombre del archivo.</translation>
    </message>
    <message>
        <source>One line, shown in / completion.</source>
        <translation>Una línea, que se muestra al completar con /.</translation>
    </message>
    <message>
        <source>Text</source>
        <translation>Texto</translation>
    </message>
    <message>
        <source>Markdown: the rules (a skill) or the persona (an agent).</source>
        <translation>Markdown: las reglas (una habilidad) o el personaje (un agente).</translation>
    </message>
    <message>
        <source>Skills and agents are not available in this profile.</source>
        <translation>Las habilidades y los agentes no están disponibles en este perfil.</translation>
    </message>
    <message>
        <source>Saved {kind} {name!r}.</source>
        <translation>Se guardó {kind} {name!r}.</translation>
    </message>
    <message>
        <source>{exc}; choose another name</source>
        <translation>{exc}; elija otro nombre</translation>
    </message>
    <message>
        <source>Not saved: {exc}</source>
        <translation>No guardado: {exc}</translation>
    </message>
    <message>
        <source>Deleted {kind} {name!r}.</source>
        <translation>Se eliminó {kind} {name!r}.</translation>
    </message>
    <message>
        <source>Delete {kind}</source>
        <translation>Eliminar {kind}</translation>
    </message>
    <message>
        <source>Delete the {kind} {name!r}?</source>
        <translation>¿Eliminar {kind} {name!r}?</translation>
    </message>
</context>
<context>
    <name>StorePicker</name>
    <message>
        <source>History store</source>
        <translation>Almacén del historial</translation>
    </message>
    <message>
        <source>Whose history to browse: this computer&apos;s, or a team store&apos;s</source>
        <translation>Qué historial examinar: el de este ordenador o el de un almacén del equipo</translation>
    </message>
    <message>
        <source>This computer</source>
        <translation>Este ordenador</translation>
    </message>
    <message>
        <source>History store error</source>
        <translation>Error del almacén del historial</translation>
    </message>
    <message>
        <source>Open a team store…</source>
        <translation>Abrir un almacén del equipo…</translation>
    </message>
</context>
<context>
    <name>StoreSwitch</name>
    <message>
        <source>No team store is set up (Settings → Team).</source>
        <translation>No hay ningún almacén del equipo configurado (Configuración → Equipo).</translation>
    </message>
    <message>
        <source>Opening the team store…</source>
        <translation>Abriendo el almacén del equipo…</translation>
    </message>
    <message>
        <source>Cannot open the team store: {exc}</source>
        <translation>No se puede abrir el almacén del equipo: {exc}</translation>
    </message>
    <message>
        <source>This window cannot open a team store.</source>
        <translation>Esta ventana no puede abrir un almacén del equipo.</translation>
    </message>
    <message>
        <source>Opened; {note}</source>
        <translation>Abierto; {note}</translation>
    </message>
    <message>
        <source>Not opened — {exc}</source>
        <translation>No se abrió — {exc}</translation>
    </message>
</context>
<context>
    <name>Sync</name>
    <message>
        <source>server event {server_id} (from device {device}, #{seq}) of conversation {sid}: {problem}; nothing more of this conversation is accepted from the team store</source>
        <translation>evento del servidor {server_id} (del dispositivo {device}, #{seq}) de la conversación {sid}: {problem}; no se acepta nada más de esta conversación desde el almacén del equipo</translation>
    </message>
    <message>
        <source>the server sent no payload text to verify</source>
        <translation>el servidor no envió ningún texto de carga útil que verificar</translation>
    </message>
    <message>
        <source>payload changed: the event&apos;s content does not match its hash</source>
        <translation>carga útil modificada: el contenido del evento no coincide con su hash</translation>
    </message>
    <message>
        <source>link broken: the event does not follow the one before it in the server&apos;s chain (an event removed, inserted or reordered)</source>
        <translation>enlace roto: el evento no sigue al anterior en la cadena del servidor (se eliminó, insertó o reordenó un evento)</translation>
    </message>
    <message>
        <source>unreadable payload ({detail})</source>
        <translation>carga útil ilegible ({detail})</translation>
    </message>
    <message>
        <source>the event sent differs from the payload text the server hashed</source>
        <translation>el evento enviado difiere del texto de carga útil cuyo hash calculó el servidor</translation>
    </message>
</context>
<context>
    <name>SyncIndicator</name>
    <message>
        <source>Team sync status</source>
        <translation>Estado de la sincronización del equipo</translation>
    </message>
    <message>
        <source>Quarantined conversations</source>
        <translation>Conversaciones en cuarentena</translation>
    </message>
    <message>
        <source>{action} syncing</source>
        <translation>Sincronización: {action}</translation>
    </message>
    <message>
        <source>Try syncing again now</source>
        <translation>Volver a sincronizar ahora</translation>
    </message>
</context>
<context>
    <name>TeamAccess</name>
    <message>
        <source>the password was not kept: {exc}</source>
        <translation>no se guardó la contraseña: {exc}</translation>
    </message>
</context>
<context>
    <name>TeamConnection</name>
    <message>
        <source>the system keyring</source>
        <translation>el llavero del sistema</translation>
    </message>
    <message>
        <source>memory until Parley quits (no system keyring)</source>
        <translation>la memoria hasta que Parley se cierre (no hay llavero del sistema)</translation>
    </message>
    <message>
        <source>this installation of Parley cannot reach a team store</source>
        <translation>esta instalación de Parley no puede acceder a un almacén del equipo</translation>
    </message>
    <message>
        <source>the team store&apos;s address: {problem}</source>
        <translation>la dirección del almacén del equipo: {problem}</translation>
    </message>
    <message>
        <source>this profile&apos;s history is open read-only: it cannot sync</source>
        <translation>el historial de este perfil está abierto en solo lectura: no se puede sincronizar</translation>
    </message>
    <message>
        <source>it must start with postgresql://</source>
        <translation>debe empezar por postgresql://</translation>
    </message>
    <message>
        <source>it must name the member, as postgresql://NAME@host/database</source>
        <translation>debe indicar el miembro, como postgresql://NOMBRE@host/base_de_datos</translation>
    </message>
    <message>
        <source>it must not carry a password (Parley keeps it in the system keyring)</source>
        <translation>no debe llevar contraseña (Parley la guarda en el llavero del sistema)</translation>
    </message>
    <message>
        <source>it must name the database, as postgresql://NAME@host/database</source>
        <translation>debe indicar la base de datos, como postgresql://NOMBRE@host/base_de_datos</translation>
    </message>
</context>
<context>
    <name>TeamPage</name>
    <message>
        <source>pushed {pushed} and pulled {pulled} events</source>
        <translation>{pushed} eventos enviados y {pulled} recibidos</translation>
    </message>
    <message>
        <source>None</source>
        <translation>Ninguno</translation>
    </message>
    <message>
        <source>Team store address</source>
        <translation>Dirección del almacén del equipo</translation>
    </message>
    <message>
        <source>Member</source>
        <translation>Miembro</translation>
    </message>
    <message>
        <source>This device</source>
        <translation>Este dispositivo</translation>
    </message>
    <message>
        <source>Where the password is kept</source>
        <translation>Dónde se guarda la contraseña</translation>
    </message>
    <message>
        <source>Sync in the background</source>
        <translation>Sincronizar en segundo plano</translation>
    </message>
    <message>
        <source>Sync with the team store</source>
        <translation>Sincronizar con el almacén del equipo</translation>
    </message>
    <message>
        <source>Seconds between syncs</source>
        <translation>Segundos entre sincronizaciones</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>Guardar</translation>
    </message>
    <message>
        <source>Save team settings</source>
        <translation>Guardar la configuración del equipo</translation>
    </message>
    <message>
        <source>Sync now</source>
        <translation>Sincronizar ahora</translation>
    </message>
    <message>
        <source>Leave</source>
        <translation>Salir</translation>
    </message>
    <message>
        <source>Leave the team store</source>
        <translation>Salir del almacén del equipo</translation>
    </message>
    <message>
        <source>Stop syncing: this computer keeps its history; the password is removed from the keyring</source>
        <translation>Dejar de sincronizar: este ordenador conserva su historial; la contraseña se quita del llavero</translation>
    </message>
    <message>
        <source>Team store message</source>
        <translation>Mensaje del almacén del equipo</translation>
    </message>
    <message>
        <source>Team store address to join</source>
        <translation>Dirección del almacén del equipo al que unirse</translation>
    </message>
    <message>
        <source>postgresql://NAME@host:5432/database</source>
        <translation>postgresql://NOMBRE@host:5432/base</translation>
    </message>
    <message>
        <source>Password on the team store</source>
        <translation>Contraseña del almacén del equipo</translation>
    </message>
    <message>
        <source>kept in the system keyring</source>
        <translation>se guarda en el llavero del sistema</translation>
    </message>
    <message>
        <source>Join…</source>
        <translation>Unirse…</translation>
    </message>
    <message>
        <source>Join the team store</source>
        <translation>Unirse al almacén del equipo</translation>
    </message>
    <message>
        <source>Join result</source>
        <translation>Resultado de la unión</translation>
    </message>
    <message>
        <source>The team store</source>
        <translation>El almacén del equipo</translation>
    </message>
    <message>
        <source>Address</source>
        <translation>Dirección</translation>
    </message>
    <message>
        <source>Password</source>
        <translation>Contraseña</translation>
    </message>
    <message>
        <source>Never in a file Parley writes.</source>
        <translation>Nunca en un archivo que escriba Parley.</translation>
    </message>
    <message>
        <source>Your name on the team store.</source>
        <translation>Su nombre en el almacén del equipo.</translation>
    </message>
    <message>
        <source>How the team store tells this desktop apart.</source>
        <translation>Cómo distingue el almacén del equipo este equipo.</translation>
    </message>
    <message>
        <source>Sync</source>
        <translation>Sincronización</translation>
    </message>
    <message>
        <source>Off: nothing is sent or fetched; nothing is lost.</source>
        <translation>Desactivado: no se envía ni se recibe nada; no se pierde nada.</translation>
    </message>
    <message>
        <source>Every</source>
        <translation>Cada</translation>
    </message>
    <message>
        <source>While Parley is open, and after every answer.</source>
        <translation>Mientras Parley está abierto, y después de cada respuesta.</translation>
    </message>
    <message>
        <source>Join a team store</source>
        <translation>Unirse a un almacén del equipo</translation>
    </message>
    <message>
        <source>From your team&apos;s administrator (parley team add-member).</source>
        <translation>Se lo da el administrador de su equipo (parley team add-member).</translation>
    </message>
    <message>
        <source>Checked with a first sync before it is kept.</source>
        <translation>Se comprueba con una primera sincronización antes de guardarse.</translation>
    </message>
    <message>
        <source>None — join one below</source>
        <translation>Ninguno: únase a uno abajo</translation>
    </message>
    <message>
        <source>In {kept}.</source>
        <translation>En {kept}.</translation>
    </message>
    <message>
        <source>Not kept: libpq reads ~/.pgpass, or join again to give it.</source>
        <translation>No se guarda: libpq lee ~/.pgpass, o únase de nuevo para darla.</translation>
    </message>
    <message>
        <source>Saved.</source>
        <translation>Guardado.</translation>
    </message>
    <message>
        <source>Syncing now — the window&apos;s status line says how it went.</source>
        <translation>Sincronizando ahora: la línea de estado de la ventana dirá cómo ha ido.</translation>
    </message>
    <message>
        <source>Synced: {outcome_text}.</source>
        <translation>Sincronizado: {outcome_text}.</translation>
    </message>
    <message>
        <source>Could not sync: {error}</source>
        <translation>No se pudo sincronizar: {error}</translation>
    </message>
    <message>
        <source>Could not sync: {exc}</source>
        <translation>No se pudo sincronizar: {exc}</translation>
    </message>
    <message>
        <source>Syncing…</source>
        <translation>Sincronizando…</translation>
    </message>
    <message>
        <source>Left {address}: this computer&apos;s history is kept.</source>
        <translation>Se salió de {address}: se conserva el historial de este ordenador.</translation>
    </message>
    <message>
        <source>type the team store&apos;s address</source>
        <translation>escriba la dirección del almacén del equipo</translation>
    </message>
    <message>
        <source>The address: {problem}.</source>
        <translation>La dirección: {problem}.</translation>
    </message>
    <message>
        <source>Joined as {member}: {outcome}.</source>
        <translation>Se unió como {member}: {outcome}.</translation>
    </message>
    <message>
        <source>No system keyring could keep the password ({problem}), so it is kept in memory until Parley quits: to sync after a restart, set PGPASSWORD or use ~/.pgpass.</source>
        <translation>Ningún llavero del sistema pudo guardar la contraseña ({problem}), así que se guarda en memoria hasta que Parley se cierre: para sincronizar tras un reinicio, defina PGPASSWORD o use ~/.pgpass.</translation>
    </message>
    <message>
        <source>Could not join: {value}</source>
        <translation>No se pudo unir: {value}</translation>
    </message>
    <message>
        <source>Could not join: {exc}</source>
        <translation>No se pudo unir: {exc}</translation>
    </message>
    <message>
        <source>Joining: a first sync with the team store…</source>
        <translation>Uniéndose: una primera sincronización con el almacén del equipo…</translation>
    </message>
</context>
<context>
    <name>TeamStore</name>
    <message>
        <source>the team store {where} refused the login: {detail}</source>
        <translation>el almacén del equipo {where} rechazó el inicio de sesión: {detail}</translation>
    </message>
    <message>
        <source>cannot reach the team store {where} (no connection within the timeout)</source>
        <translation>no se puede acceder al almacén del equipo {where} (no hubo conexión dentro del tiempo de espera)</translation>
    </message>
    <message>
        <source>cannot reach the team store {where} ({detail})</source>
        <translation>no se puede acceder al almacén del equipo {where} ({detail})</translation>
    </message>
    <message>
        <source>the team database {where} is not set up for this Parley (missing {missing}); its owner must run init_team</source>
        <translation>la base de datos del equipo {where} no está preparada para este Parley (falta {missing}); su propietario debe ejecutar init_team</translation>
    </message>
</context>
<context>
    <name>TeamSync</name>
    <message>
        <source>just now</source>
        <translation>justo ahora</translation>
    </message>
    <message>
        <source>{minutes} min ago</source>
        <translation>hace {minutes} min</translation>
    </message>
    <message>
        <source>{hours} h ago</source>
        <translation>hace {hours} h</translation>
    </message>
    <message>
        <source>{days} d ago</source>
        <translation>hace {days} d</translation>
    </message>
    <message>
        <source>unknown error</source>
        <translation>error desconocido</translation>
    </message>
    <message>
        <source>no password — join again in Settings → Team, or set PGPASSWORD</source>
        <translation>sin contraseña: únase de nuevo en Configuración → Equipo o defina PGPASSWORD</translation>
    </message>
    <message>
        <source>the login was refused — check the password in Settings → Team</source>
        <translation>se rechazó el inicio de sesión: compruebe la contraseña en Configuración → Equipo</translation>
    </message>
    <message>
        <source>Synced {ago}</source>
        <translation>Sincronizado {ago}</translation>
    </message>
    <message>
        <source>Last synced {ago}</source>
        <translation>Última sincronización {ago}</translation>
    </message>
    <message>
        <source>Sync paused</source>
        <translation>Sincronización en pausa</translation>
    </message>
    <message>
        <source>Syncing…</source>
        <translation>Sincronizando…</translation>
    </message>
    <message>
        <source>Offline — retrying in {wait} s</source>
        <translation>Sin conexión: se reintentará en {wait} s</translation>
    </message>
    <message>
        <source>Offline</source>
        <translation>Sin conexión</translation>
    </message>
    <message>
        <source>Sync stopped: {error}</source>
        <translation>Sincronización detenida: {error}</translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>Reanudar</translation>
    </message>
    <message>
        <source>Sync failed — retrying in {wait} s</source>
        <translation>Error de sincronización: se reintentará en {wait} s</translation>
    </message>
    <message>
        <source>Retry now</source>
        <translation>Reintentar ahora</translation>
    </message>
    <message>
        <source>Sync stopped</source>
        <translation>Sincronización detenida</translation>
    </message>
    <message>
        <source>Not synced yet</source>
        <translation>Todavía no sincronizado</translation>
    </message>
    <message>
        <source>Team store: {address}</source>
        <translation>Almacén del equipo: {address}</translation>
    </message>
    <message>
        <source>Team store</source>
        <translation>Almacén del equipo</translation>
    </message>
    <message>
        <source>This device: {device}</source>
        <translation>Este dispositivo: {device}</translation>
    </message>
    <message>
        <source>Pushed {pushed}, pulled {pulled} events since start</source>
        <translation>{pushed} eventos enviados y {pulled} recibidos desde el inicio</translation>
    </message>
    <message>
        <source>Last error: {error}</source>
        <translation>Último error: {error}</translation>
    </message>
    <message>
        <source>{count} conversation quarantined (the team store&apos;s copy did not verify; nothing more of it is accepted): {named}. Why: {reasons}</source>
        <translation>{count} conversación en cuarentena (la copia del almacén del equipo no superó la verificación; no se acepta nada más de ella): {named}. Motivo: {reasons}</translation>
    </message>
    <message>
        <source>{count} conversations quarantined (the team store&apos;s copy did not verify; nothing more of it is accepted): {named}. Why: {reasons}</source>
        <translation>{count} conversaciones en cuarentena (la copia del almacén del equipo no superó la verificación; no se acepta nada más de ellas): {named}. Motivos: {reasons}</translation>
    </message>
</context>
<context>
    <name>ThinkingIndicator</name>
    <message>
        <source>Answer status</source>
        <translation>Estado de la respuesta</translation>
    </message>
    <message>
        <source>Thinking…</source>
        <translation>Pensando…</translation>
    </message>
    <message>
        <source>Waiting for {model}&apos;s first words</source>
        <translation>Esperando las primeras palabras de {model}</translation>
    </message>
    <message>
        <source>{phrase} {seconds} s</source>
        <translation>{phrase} {seconds} s</translation>
    </message>
</context>
<context>
    <name>TimelineView</name>
    <message>
        <source>Turn started</source>
        <translation>Turno iniciado</translation>
    </message>
    <message>
        <source>User message</source>
        <translation>Mensaje del usuario</translation>
    </message>
    <message>
        <source>Attachment</source>
        <translation>Adjunto</translation>
    </message>
    <message>
        <source>Reasoning</source>
        <translation>Razonamiento</translation>
    </message>
    <message>
        <source>Answer</source>
        <translation>Respuesta</translation>
    </message>
    <message>
        <source>Tool call</source>
        <translation>Llamada a herramienta</translation>
    </message>
    <message>
        <source>Tool result</source>
        <translation>Resultado de herramienta</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>Decisión</translation>
    </message>
    <message>
        <source>Permission asked</source>
        <translation>Permiso solicitado</translation>
    </message>
    <message>
        <source>Notice</source>
        <translation>Aviso</translation>
    </message>
    <message>
        <source>Fact</source>
        <translation>Hecho</translation>
    </message>
    <message>
        <source>Compaction</source>
        <translation>Compactación</translation>
    </message>
    <message>
        <source>Context check</source>
        <translation>Comprobación del contexto</translation>
    </message>
    <message>
        <source>Retrieval</source>
        <translation>Recuperación</translation>
    </message>
    <message>
        <source>Turn finished</source>
        <translation>Turno terminado</translation>
    </message>
    <message>
        <source>{input} in / {output} out tokens</source>
        <translation>{input} de entrada / {output} de salida (tokens)</translation>
    </message>
    <message>
        <source>(arguments could not be read)</source>
        <translation>(no se pudieron leer los argumentos)</translation>
    </message>
    <message>
        <source>default model</source>
        <translation>modelo predeterminado</translation>
    </message>
    <message>
        <source>retry of {turn}</source>
        <translation>reintento de {turn}</translation>
    </message>
    <message>
        <source>follows {turn}</source>
        <translation>sigue a {turn}</translation>
    </message>
    <message>
        <source>agent {role}</source>
        <translation>agente {role}</translation>
    </message>
    <message>
        <source>review note</source>
        <translation>nota de revisión</translation>
    </message>
    <message>
        <source>{count} attachment(s)</source>
        <translation>{count} adjunto(s)</translation>
    </message>
    <message>
        <source>gate {mode}</source>
        <translation>control de permisos {mode}</translation>
    </message>
    <message>
        <source>(redacted reasoning)</source>
        <translation>(razonamiento suprimido)</translation>
    </message>
    <message>
        <source> (partial)</source>
        <translation> (parcial)</translation>
    </message>
    <message>
        <source>assistant</source>
        <translation>asistente</translation>
    </message>
    <message>
        <source> · effect {effect}</source>
        <translation> · efecto {effect}</translation>
    </message>
    <message>
        <source>{decision} · {tool}{effect}{confined} · rule {rule} · decided by {source}</source>
        <translation>{decision} · {tool}{effect}{confined} · regla {rule} · decidido por {source}</translation>
    </message>
    <message>
        <source>ok</source>
        <translation>correcto</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>con error</translation>
    </message>
    <message>
        <source>{what} · for: {query}</source>
        <translation>{what} · para: {query}</translation>
    </message>
    <message>
        <source>{seconds:.1f} s</source>
        <translation>{seconds:.1f} s</translation>
    </message>
    <message>
        <source>not sent: {error}</source>
        <translation>no enviado: {error}</translation>
    </message>
    <message>
        <source>sent as {type} image</source>
        <translation>enviado como imagen {type}</translation>
    </message>
    <message>
        <source>{chars} characters extracted</source>
        <translation>{chars} caracteres extraídos</translation>
    </message>
    <message>
        <source> by {extractor}</source>
        <translation> por {extractor}</translation>
    </message>
    <message>
        <source> (truncated)</source>
        <translation> (truncado)</translation>
    </message>
    <message>
        <source>Select a conversation to see its timeline.</source>
        <translation>Seleccione una conversación para ver su cronología.</translation>
    </message>
    <message>
        <source>Raw JSON</source>
        <translation>JSON sin procesar</translation>
    </message>
    <message>
        <source>Show the event exactly as the log stores it</source>
        <translation>Mostrar el evento tal como lo guarda el registro</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>Evento</translation>
    </message>
    <message>
        <source>Next match</source>
        <translation>Siguiente coincidencia</translation>
    </message>
    <message>
        <source>Go to the next event matching the search (F3)</source>
        <translation>Ir al siguiente evento que coincide con la búsqueda (F3)</translation>
    </message>
    <message>
        <source>Match {number} of {count}: {snippet}</source>
        <translation>Coincidencia {number} de {count}: {snippet}</translation>
    </message>
</context>
<context>
    <name>Toast</name>
    <message>
        <source>Notification</source>
        <translation>Notificación</translation>
    </message>
    <message>
        <source>Dismiss notification</source>
        <translation>Descartar la notificación</translation>
    </message>
    <message>
        <source>Dismiss</source>
        <translation>Descartar</translation>
    </message>
</context>
<context>
    <name>ToolCard</name>
    <message>
        <source>ran</source>
        <translation>ejecutada</translation>
    </message>
    <message>
        <source>allowed by you</source>
        <translation>permitida por usted</translation>
    </message>
    <message>
        <source>waiting for your permission</source>
        <translation>esperando su permiso</translation>
    </message>
    <message>
        <source>refused</source>
        <translation>rechazada</translation>
    </message>
    <message>
        <source>rejected: the model was asked to correct it</source>
        <translation>denegada: se pidió al modelo que la corrigiera</translation>
    </message>
    <message>
        <source>dropped</source>
        <translation>descartada</translation>
    </message>
    <message>
        <source>skipped: already done</source>
        <translation>omitida: ya hecha</translation>
    </message>
    <message>
        <source>checking…</source>
        <translation>comprobando…</translation>
    </message>
    <message>
        <source>{label} ✓</source>
        <translation>{label} ✓</translation>
    </message>
    <message>
        <source>{label}, failed ✗</source>
        <translation>{label}, con error ✗</translation>
    </message>
    <message>
        <source>(the call was not recorded)</source>
        <translation>(la llamada no se registró)</translation>
    </message>
    <message>
        <source>(arguments could not be read)</source>
        <translation>(no se pudieron leer los argumentos)</translation>
    </message>
    <message>
        <source>arguments:</source>
        <translation>argumentos:</translation>
    </message>
    <message>
        <source>result:</source>
        <translation>resultado:</translation>
    </message>
    <message>
        <source>result (failed):</source>
        <translation>resultado (con error):</translation>
    </message>
    <message>
        <source>verdict: {decision} ({source}) · rule {rule}{effect}</source>
        <translation>decisión: {decision} ({source}) · regla {rule}{effect}</translation>
    </message>
    <message>
        <source>Not run: the turn was stopped.</source>
        <translation>No se ejecutó: el turno se detuvo.</translation>
    </message>
    <message>
        <source>Stopped: the user stopped the call to {tool} of MCP server {server} before it finished.</source>
        <translation>Detenida: el usuario detuvo la llamada a {tool} del servidor MCP {server} antes de que terminara.</translation>
    </message>
    <message>
        <source>Timed out: MCP server {server} did not finish {tool} within {seconds:g} s; the call was abandoned.</source>
        <translation>Tiempo agotado: el servidor MCP {server} no terminó {tool} en {seconds:g} s; se abandonó la llamada.</translation>
    </message>
    <message>
        <source>Failed: MCP server {server} could not run {tool}: {error}</source>
        <translation>Error: el servidor MCP {server} no pudo ejecutar {tool}: {error}</translation>
    </message>
    <message>
        <source>Not allowed: {reason}. Tool {tool} of MCP server {server} was not run.</source>
        <translation>No permitida: {reason}. La herramienta {tool} del servidor MCP {server} no se ejecutó.</translation>
    </message>
    <message>
        <source>The user did not allow this action.</source>
        <translation>El usuario no permitió esta acción.</translation>
    </message>
</context>
<context>
    <name>ToolsControl</name>
    <message>
        <source>Tools</source>
        <translation>Herramientas</translation>
    </message>
    <message>
        <source>MCP ({n_servers})</source>
        <translation>MCP ({n_servers})</translation>
    </message>
</context>
<context>
    <name>ToolsPopover</name>
    <message>
        <source>No tools</source>
        <translation>Sin herramientas</translation>
    </message>
    <message>
        <source>Read only</source>
        <translation>Solo lectura</translation>
    </message>
    <message>
        <source>All tools</source>
        <translation>Todas las herramientas</translation>
    </message>
    <message>
        <source>Ask before risky commands</source>
        <translation>Preguntar antes de comandos arriesgados</translation>
    </message>
    <message>
        <source>Ask before every command</source>
        <translation>Preguntar antes de cada comando</translation>
    </message>
    <message>
        <source>Tools for this conversation</source>
        <translation>Herramientas para esta conversación</translation>
    </message>
    <message>
        <source>The model can read and work only inside the workspace folder, and asks before anything risky.</source>
        <translation>El modelo solo puede leer y trabajar dentro de la carpeta de trabajo, y pregunta antes de cualquier cosa arriesgada.</translation>
    </message>
    <message>
        <source>Choose a folder…</source>
        <translation>Elegir una carpeta…</translation>
    </message>
    <message>
        <source>Workspace folder</source>
        <translation>Carpeta de trabajo</translation>
    </message>
    <message>
        <source>The folder the model&apos;s tools may read and work in</source>
        <translation>La carpeta en la que las herramientas del modelo pueden leer y trabajar</translation>
    </message>
    <message>
        <source>Clear workspace</source>
        <translation>Quitar la carpeta de trabajo</translation>
    </message>
    <message>
        <source>No workspace: the model uses no tools</source>
        <translation>Sin carpeta de trabajo: el modelo no usa herramientas</translation>
    </message>
    <message>
        <source>Tools the model may use</source>
        <translation>Herramientas que el modelo puede usar</translation>
    </message>
    <message>
        <source>When to ask before a command runs</source>
        <translation>Cuándo preguntar antes de ejecutar un comando</translation>
    </message>
    <message>
        <source>Sandbox</source>
        <translation>Entorno aislado</translation>
    </message>
    <message>
        <source>MCP servers</source>
        <translation>Servidores MCP</translation>
    </message>
    <message>
        <source>MCP servers for this conversation</source>
        <translation>Servidores MCP para esta conversación</translation>
    </message>
    <message>
        <source>None yet: add one in Settings → MCP servers.</source>
        <translation>Todavía ninguno: añada uno en Configuración → Servidores MCP.</translation>
    </message>
    <message>
        <source>Workspace</source>
        <translation>Carpeta de trabajo</translation>
    </message>
    <message>
        <source>Tools</source>
        <translation>Herramientas</translation>
    </message>
    <message>
        <source>Ask</source>
        <translation>Preguntar</translation>
    </message>
    <message>
        <source>{folder} — click to choose another</source>
        <translation>{folder}: haga clic para elegir otra</translation>
    </message>
    <message>
        <source>Choose a folder for tools</source>
        <translation>Elegir una carpeta para las herramientas</translation>
    </message>
    <message>
        <source>MCP server {name}</source>
        <translation>Servidor MCP {name}</translation>
    </message>
    <message>
        <source>Offer the tools of {name} in this conversation</source>
        <translation>Ofrecer las herramientas de {name} en esta conversación</translation>
    </message>
    <message>
        <source>{name} is turned off in Settings → MCP servers</source>
        <translation>{name} está desactivado en Configuración → Servidores MCP</translation>
    </message>
</context>
<context>
    <name>TranscriptView</name>
    <message>
        <source>Conversation</source>
        <translation>Conversación</translation>
    </message>
    <message>
        <source>The messages of the open conversation. Hover a message or press the context-menu key (Shift+F10) for its actions: copy, regenerate, edit. Tab moves between links; Enter or Space opens or closes an answer&apos;s reasoning or a tool&apos;s details.</source>
        <translation>Los mensajes de la conversación abierta. Pase el ratón sobre un mensaje o pulse la tecla de menú contextual (Mayús+F10) para ver sus acciones: copiar, regenerar, editar. Tab pasa de un enlace a otro; Intro o Espacio abre o cierra el razonamiento de una respuesta o los detalles de una herramienta.</translation>
    </message>
    <message>
        <source>Start a conversation: type below and press Ctrl+Enter.
Esc stops an answer; the text so far is kept.</source>
        <translation>Empiece una conversación: escriba abajo y pulse Ctrl+Intro.
Esc detiene una respuesta; se conserva el texto recibido hasta entonces.</translation>
    </message>
    <message>
        <source>↑ Show 1 earlier message</source>
        <translation>↑ Mostrar 1 mensaje anterior</translation>
    </message>
    <message>
        <source>↑ Show {count:,} earlier messages</source>
        <translation>↑ Mostrar {count:,} mensajes anteriores</translation>
    </message>
</context>
<context>
    <name>TrayMenu</name>
    <message>
        <source>Show Parley</source>
        <translation>Mostrar Parley</translation>
    </message>
    <message>
        <source>New chat</source>
        <translation>Chat nuevo</translation>
    </message>
    <message>
        <source>Quick ask…</source>
        <translation>Pregunta rápida…</translation>
    </message>
    <message>
        <source>Recent conversations</source>
        <translation>Conversaciones recientes</translation>
    </message>
    <message>
        <source>Pause schedules</source>
        <translation>Pausar las programaciones</translation>
    </message>
    <message>
        <source>Quit Parley</source>
        <translation>Salir de Parley</translation>
    </message>
    <message>
        <source>Untitled</source>
        <translation>Sin título</translation>
    </message>
    <message>
        <source>No conversations yet</source>
        <translation>Todavía no hay conversaciones</translation>
    </message>
</context>
<context>
    <name>TurnOutcome</name>
    <message>
        <source>(stopped)</source>
        <translation>(se detuvo)</translation>
    </message>
    <message>
        <source>(stopped — partial answer kept)</source>
        <translation>(se detuvo — se conserva la respuesta parcial)</translation>
    </message>
    <message>
        <source>(interrupted — Parley closed while this answer was streaming)</source>
        <translation>(se interrumpió — Parley se cerró mientras llegaba esta respuesta)</translation>
    </message>
    <message>
        <source>Timed out.</source>
        <translation>Tiempo agotado.</translation>
    </message>
    <message>
        <source>Timed out: {error}</source>
        <translation>Tiempo agotado: {error}</translation>
    </message>
    <message>
        <source>Failed.</source>
        <translation>Error.</translation>
    </message>
    <message>
        <source>Failed: {error}</source>
        <translation>Error: {error}</translation>
    </message>
    <message>
        <source>The model chosen to summarise earlier messages is not available ({exc}); {model} writes the summary instead.</source>
        <translation>El modelo elegido para resumir los mensajes anteriores no está disponible ({exc}); {model} escribe el resumen en su lugar.</translation>
    </message>
    <message>
        <source>Earlier messages could not be summarised: {reason}. The conversation is unchanged.</source>
        <translation>No se pudieron resumir los mensajes anteriores: {reason}. La conversación no ha cambiado.</translation>
    </message>
    <message>
        <source>The documents could not be searched ({exc}); the model answers without excerpts.</source>
        <translation>No se pudo buscar en los documentos ({exc}); el modelo responde sin fragmentos.</translation>
    </message>
    <message>
        <source>This message does not fit {model}&apos;s context window: the request needs about {needed:,} tokens, and {available:,} are available ({window:,} in the window, {reserved:,} kept for the answer), even after summarising the earlier conversation. Nothing was sent. Shorten the message, remove an attachment or have it searched instead of sent whole (its menu), or choose a model with a larger window.</source>
        <translation>Este mensaje no cabe en la ventana de contexto de {model}: la petición necesita unos {needed:,} tokens y hay {available:,} disponibles ({window:,} en la ventana, {reserved:,} reservados para la respuesta), incluso después de resumir la conversación anterior. No se envió nada. Acorte el mensaje, quite un adjunto o haga que se consulte en lugar de enviarse completo (desde su menú), o elija un modelo con una ventana mayor.</translation>
    </message>
    <message>
        <source>The answer was cut off: the model reached its output token limit.</source>
        <translation>La respuesta quedó cortada: el modelo alcanzó su límite de tokens de salida.</translation>
    </message>
    <message>
        <source>The provider&apos;s content filter stopped this answer.</source>
        <translation>El filtro de contenido del proveedor detuvo esta respuesta.</translation>
    </message>
    <message>
        <source>internal error: {kind}: {exc}</source>
        <translation>error interno: {kind}: {exc}</translation>
    </message>
    <message>
        <source>the turn was interrupted before it finished</source>
        <translation>el turno se interrumpió antes de terminar</translation>
    </message>
    <message>
        <source>no model chosen for provider {provider!r}: pick one in the model picker, pass --model, or set the provider&apos;s default model</source>
        <translation>no se eligió ningún modelo para el proveedor {provider!r}: elija uno en el selector de modelos, pase --model o defina el modelo predeterminado del proveedor</translation>
    </message>
    <message>
        <source>the turn ran longer than its limit of {limit} s</source>
        <translation>el turno duró más que su límite de {limit} s</translation>
    </message>
    <message>
        <source>Retrying in {wait} s (attempt {attempt} of {attempts}): {reason}</source>
        <translation>Reintentando en {wait} s (intento {attempt} de {attempts}): {reason}</translation>
    </message>
    <message>
        <source>The model asked to use a tool, but no tools are enabled for this turn.</source>
        <translation>El modelo pidió usar una herramienta, pero no hay herramientas activadas en este turno.</translation>
    </message>
    <message>
        <source>the task did not finish: the model asked to use a tool, but this task offers none (give it a workspace and tools, or an MCP server)</source>
        <translation>la tarea no terminó: el modelo pidió usar una herramienta, pero esta tarea no ofrece ninguna (asígnele una carpeta de trabajo y herramientas, o un servidor MCP)</translation>
    </message>
    <message>
        <source>Stopped after {steps} steps (the step limit).</source>
        <translation>Se detuvo tras {steps} pasos (el límite de pasos).</translation>
    </message>
    <message>
        <source>the task did not finish within its {steps} steps (completion_max_steps): the model was still calling tools; what it did so far is recorded</source>
        <translation>la tarea no terminó en sus {steps} pasos (completion_max_steps): el modelo seguía llamando a herramientas; lo que hizo hasta ahora queda registrado</translation>
    </message>
    <message>
        <source>this installation of Parley cannot read attachments</source>
        <translation>esta instalación de Parley no puede leer adjuntos</translation>
    </message>
    <message>
        <source>the files of one message may add up to {megabytes} MB at most</source>
        <translation>los archivos de un mensaje pueden sumar como máximo {megabytes} MB</translation>
    </message>
    <message>
        <source>could not use the attachment — {problems}. Nothing was sent to the model; remove or replace the file and send again.</source>
        <translation>no se pudo usar el adjunto — {problems}. No se envió nada al modelo; quite o sustituya el archivo y vuelva a enviar.</translation>
    </message>
    <message>
        <source>could not use these attachments — {problems}. Nothing was sent to the model; remove or replace the file and send again.</source>
        <translation>no se pudieron usar estos adjuntos — {problems}. No se envió nada al modelo; quite o sustituya el archivo y vuelva a enviar.</translation>
    </message>
    <message>
        <source>could not use the attachment — {problems}. Nothing was sent to the model; remove or replace the attachment and send again.</source>
        <translation>no se pudo usar el adjunto — {problems}. No se envió nada al modelo; quite o sustituya el adjunto y vuelva a enviar.</translation>
    </message>
    <message>
        <source>could not use these attachments — {problems}. Nothing was sent to the model; remove or replace the attachment and send again.</source>
        <translation>no se pudieron usar estos adjuntos — {problems}. No se envió nada al modelo; quite o sustituya el adjunto y vuelva a enviar.</translation>
    </message>
    <message>
        <source>{name} is searched by keywords only: the embedding model failed ({exc}).</source>
        <translation>En {name} solo se busca por palabras clave: falló el modelo de embeddings ({exc}).</translation>
    </message>
    <message>
        <source>{name} could not be indexed for searching ({exc}); its first {chars:,} characters are sent instead.</source>
        <translation>{name} no se pudo indexar para búsquedas ({exc}); en su lugar se envían sus primeros {chars:,} caracteres.</translation>
    </message>
    <message>
        <source>{name} could not be indexed for searching ({exc}); it is sent whole instead.</source>
        <translation>{name} no se pudo indexar para búsquedas ({exc}); en su lugar se envía completo.</translation>
    </message>
    <message>
        <source>{name} ({uri}): this installation of Parley has no MCP client</source>
        <translation>{name} ({uri}): esta instalación de Parley no tiene cliente MCP</translation>
    </message>
    <message>
        <source>Saved {count} file(s) to {destination}: {names}.</source>
        <translation>Se guardaron {count} archivo(s) en {destination}: {names}.</translation>
    </message>
    <message>
        <source>Saved {count} file(s) to {destination}: {names} and {more} more.</source>
        <translation>Se guardaron {count} archivo(s) en {destination}: {names} y {more} más.</translation>
    </message>
    <message>
        <source>The turn did not complete; the files it wrote are kept for inspection in {sandbox}.</source>
        <translation>El turno no se completó; los archivos que escribió se conservan en {sandbox} para su revisión.</translation>
    </message>
    <message>
        <source>Could not copy the turn&apos;s files ({exc}); they are in {sandbox}.</source>
        <translation>No se pudieron copiar los archivos del turno ({exc}); están en {sandbox}.</translation>
    </message>
    <message>
        <source>the answer passed Parley&apos;s limit of {limit:,} characters (text, reasoning and tool-call arguments together), so Parley stopped reading it; what came before the limit is kept. If answers this long are expected, raise &quot;max_answer_chars&quot; in the &quot;network&quot; section of settings.json</source>
        <translation>la respuesta superó el límite de Parley de {limit:,} caracteres (texto, razonamiento y argumentos de llamadas a herramientas en conjunto), así que Parley dejó de leerla; se conserva lo recibido antes del límite. Si se esperan respuestas tan largas, aumente &quot;max_answer_chars&quot; en la sección &quot;network&quot; de settings.json</translation>
    </message>
    <message>
        <source>the answer is shown but not yet saved (the history refused it: {refused}); it is kept in {path}, and Parley adds it to this conversation when it next starts</source>
        <translation>la respuesta se muestra pero aún no se ha guardado (el historial la rechazó: {refused}); se conserva en {path} y Parley la añadirá a esta conversación la próxima vez que se inicie</translation>
    </message>
    <message>
        <source>the answer is shown but not yet saved (the history refused it: {refused}); it is kept in the history database as checkpoints, and Parley adds it to this conversation when it next starts</source>
        <translation>la respuesta se muestra pero aún no se ha guardado (el historial la rechazó: {refused}); se conserva en la base de datos del historial como puntos de control y Parley la añadirá a esta conversación la próxima vez que se inicie</translation>
    </message>
    <message>
        <source>{message}; its last {chars} characters could not be kept anywhere: copy them from the screen</source>
        <translation>{message}; sus últimos {chars} caracteres no se pudieron guardar en ningún sitio: cópielos de la pantalla</translation>
    </message>
    <message>
        <source>{error} (gave up after {attempts} attempts)</source>
        <translation>{error} (se abandonó tras {attempts} intentos)</translation>
    </message>
    <message>
        <source>{error} (the provider asked to wait {seconds} s)</source>
        <translation>{error} (el proveedor pidió esperar {seconds} s)</translation>
    </message>
</context>
<context>
    <name>UndoBar</name>
    <message>
        <source>Undo</source>
        <translation>Deshacer</translation>
    </message>
    <message>
        <source>Undo (Ctrl+Z)</source>
        <translation>Deshacer (Ctrl+Z)</translation>
    </message>
    <message>
        <source>Dismiss</source>
        <translation>Descartar</translation>
    </message>
</context>
<context>
    <name>Units</name>
    <message>
        <source> s</source>
        <translation> s</translation>
    </message>
</context>
<context>
    <name>WelcomePanel</name>
    <message>
        <source>Welcome</source>
        <translation>Bienvenida</translation>
    </message>
    <message>
        <source>Welcome to Parley</source>
        <translation>Bienvenido a Parley</translation>
    </message>
    <message>
        <source>Chat with any model, in the cloud or on this computer. Connect one to begin — it takes under a minute.</source>
        <translation>Chatee con cualquier modelo, en la nube o en este ordenador. Conecte uno para empezar: lleva menos de un minuto.</translation>
    </message>
    <message>
        <source>Keyring unavailable</source>
        <translation>Llavero no disponible</translation>
    </message>
    <message>
        <source>Connect a provider</source>
        <translation>Conectar un proveedor</translation>
    </message>
    <message>
        <source>OpenAI, Anthropic, Gemini, OpenRouter, Groq… Pick a preset, paste its API key — kept in your system keyring, never in a file — and press Start chatting.</source>
        <translation>OpenAI, Anthropic, Gemini, OpenRouter, Groq… Elija una plantilla, pegue su clave de API (se guarda en el llavero del sistema, nunca en un archivo) y pulse Empezar a chatear.</translation>
    </message>
    <message>
        <source>Start chatting</source>
        <translation>Empezar a chatear</translation>
    </message>
    <message>
        <source>Or run models on this computer</source>
        <translation>O ejecutar modelos en este ordenador</translation>
    </message>
    <message>
        <source>Ollama and LM Studio serve models locally: no key, and nothing leaves your machine.</source>
        <translation>Ollama y LM Studio sirven modelos en local: sin clave, y nada sale de su equipo.</translation>
    </message>
    <message>
        <source>Look for Ollama and LM Studio</source>
        <translation>Buscar Ollama y LM Studio</translation>
    </message>
    <message>
        <source>Local servers found</source>
        <translation>Servidores locales encontrados</translation>
    </message>
    <message>
        <source>Use selected</source>
        <translation>Usar el seleccionado</translation>
    </message>
    <message>
        <source>Your conversations are kept on this computer. Press {settings_keys} later to add more providers.</source>
        <translation>Sus conversaciones se guardan en este ordenador. Pulse {settings_keys} más adelante para añadir más proveedores.</translation>
    </message>
    <message>
        <source>API keys cannot be saved on this computer: {reason}, and name it under Key variable. A local server (below) needs no key.</source>
        <translation>Las claves de API no se pueden guardar en este ordenador: {reason}, e indíquela en Variable de clave. Un servidor local (abajo) no necesita clave.</translation>
    </message>
    <message>
        <source>OpenAI, Anthropic, Gemini, OpenRouter, Groq… Pick a preset, check the Key variable that holds its API key, and press Start chatting.</source>
        <translation>OpenAI, Anthropic, Gemini, OpenRouter, Groq… Elija una plantilla, compruebe la Variable de clave que contiene su clave de API y pulse Empezar a chatear.</translation>
    </message>
    <message>
        <source>Found {n_servers} local server(s).</source>
        <translation>Se encontraron {n_servers} servidor(es) local(es).</translation>
    </message>
    <message>
        <source>No local server answered on localhost:11434 (Ollama) or localhost:1234 (LM Studio). Start one, or add a provider above.</source>
        <translation>Ningún servidor local respondió en localhost:11434 (Ollama) ni en localhost:1234 (LM Studio). Inicie uno o añada un proveedor arriba.</translation>
    </message>
    <message>
        <source>Looking for local servers…</source>
        <translation>Buscando servidores locales…</translation>
    </message>
</context>
<context>
    <name>_RenameDelegate</name>
    <message>
        <source>New title</source>
        <translation>Nuevo título</translation>
    </message>
</context>
<context>
    <name>app</name>
    <message>
        <source>Parley cannot start</source>
        <translation>Parley no puede iniciarse</translation>
    </message>
    <message>
        <source>Cannot open your profile:

{exc}</source>
        <translation>No se puede abrir su perfil:

{exc}</translation>
    </message>
</context>
<context>
    <name>costs_view</name>
    <message>
        <source>Costs per {lower}</source>
        <translation>Costes por {lower}</translation>
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
        <translation>Exportar</translation>
    </message>
</context>
<context>
    <name>fixes</name>
    <message>
        <source>Open Settings → Providers</source>
        <translation>Abrir Configuración → Proveedores</translation>
    </message>
    <message>
        <source>Choose a vision model</source>
        <translation>Elegir un modelo con visión</translation>
    </message>
</context>
<context>
    <name>permission</name>
    <message>
        <source>The model wants to use {mcp_tool} from the MCP server {mcp_server}</source>
        <translation>El modelo quiere usar {mcp_tool} del servidor MCP {mcp_server}</translation>
    </message>
    <message>
        <source>The model wants to run a command</source>
        <translation>El modelo quiere ejecutar un comando</translation>
    </message>
    <message>
        <source>The model wants to install a Python package</source>
        <translation>El modelo quiere instalar un paquete de Python</translation>
    </message>
    <message>
        <source>The model wants to use {tool}</source>
        <translation>El modelo quiere usar {tool}</translation>
    </message>
    <message>
        <source>The model wants to use {value}</source>
        <translation>El modelo quiere usar {value}</translation>
    </message>
</context>
<context>
    <name>prices_page</name>
    <message>
        <source>Add row</source>
        <translation>Añadir fila</translation>
    </message>
    <message>
        <source>Add {row}</source>
        <translation>Añadir {row}</translation>
    </message>
    <message>
        <source>Remove row</source>
        <translation>Quitar la fila</translation>
    </message>
    <message>
        <source>Remove {selected}</source>
        <translation>Quitar {selected}</translation>
    </message>
    <message>
        <source>Reset to defaults</source>
        <translation>Restablecer los valores predeterminados</translation>
    </message>
    <message>
        <source>Reset {table} to the built-in table</source>
        <translation>Restablecer {table} a la tabla integrada</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>Guardar</translation>
    </message>
    <message>
        <source>Save {saved}</source>
        <translation>Guardar {saved}</translation>
    </message>
</context>
<context>
    <name>window_layout</name>
    <message>
        <source>New chat</source>
        <translation>Chat nuevo</translation>
    </message>
    <message>
        <source>Start a new conversation (Ctrl+N)</source>
        <translation>Empezar una conversación nueva (Ctrl+N)</translation>
    </message>
    <message>
        <source>Search conversations</source>
        <translation>Buscar conversaciones</translation>
    </message>
    <message>
        <source>Conversations</source>
        <translation>Conversaciones</translation>
    </message>
    <message>
        <source>New conversation</source>
        <translation>Nueva conversación</translation>
    </message>
    <message>
        <source>Conversation title</source>
        <translation>Título de la conversación</translation>
    </message>
    <message>
        <source>Tokens and estimated cost of this conversation</source>
        <translation>Tokens y coste estimado de esta conversación</translation>
    </message>
    <message>
        <source>Project</source>
        <translation>Proyecto</translation>
    </message>
    <message>
        <source>The project this conversation belongs to</source>
        <translation>El proyecto al que pertenece esta conversación</translation>
    </message>
    <message>
        <source>No project</source>
        <translation>Sin proyecto</translation>
    </message>
    <message>
        <source>Model for the next message</source>
        <translation>Modelo para el próximo mensaje</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Estado</translation>
    </message>
</context>
</TS>
