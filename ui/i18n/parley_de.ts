<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>AddTaskDialog</name>
    <message>
        <source>Add scheduled task</source>
        <translation>Geplante Aufgabe hinzufügen</translation>
    </message>
    <message>
        <source>(the prompt&apos;s first words)</source>
        <translation>(die ersten Worte des Prompts)</translation>
    </message>
    <message>
        <source>Schedule (cron expression)</source>
        <translation>Zeitplan (Cron-Ausdruck)</translation>
    </message>
    <message>
        <source>Prompt</source>
        <translation>Prompt</translation>
    </message>
    <message>
        <source>What the model is asked at each run, e.g. Summarise what changed in my notes.</source>
        <translation>Was das Modell bei jedem Lauf gefragt wird, z. B. Fasse zusammen, was sich in meinen Notizen geändert hat.</translation>
    </message>
    <message>
        <source>No project</source>
        <translation>Kein Projekt</translation>
    </message>
    <message>
        <source>Default provider</source>
        <translation>Standardanbieter</translation>
    </message>
    <message>
        <source>(the provider&apos;s default model)</source>
        <translation>(das Standardmodell des Anbieters)</translation>
    </message>
    <message>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <source>No tools</source>
        <translation>Keine Werkzeuge</translation>
    </message>
    <message>
        <source>Read files in the project&apos;s folder</source>
        <translation>Dateien im Projektordner lesen</translation>
    </message>
    <message>
        <source>All tools (what would need asking is refused)</source>
        <translation>Alle Werkzeuge (was eine Nachfrage bräuchte, wird abgelehnt)</translation>
    </message>
    <message>
        <source>If the computer was off, run once at the next start</source>
        <translation>Wenn der Computer aus war, beim nächsten Start einmal ausführen</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Schedule</source>
        <translation>Zeitplan</translation>
    </message>
    <message>
        <source>Project</source>
        <translation>Projekt</translation>
    </message>
    <message>
        <source>Provider</source>
        <translation>Anbieter</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>Time limit</source>
        <translation>Zeitlimit</translation>
    </message>
    <message>
        <source>Tools</source>
        <translation>Werkzeuge</translation>
    </message>
    <message>
        <source>Cron: minute hour day-of-month month day-of-week, in local time. 0 8 * * 1-5 is 08:00 on weekdays; */30 * * * * every half hour.</source>
        <translation>Cron: Minute Stunde Tag-des-Monats Monat Wochentag, in Ortszeit. 0 8 * * 1-5 ist 08:00 an Werktagen; */30 * * * * jede halbe Stunde.</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>Hinzufügen</translation>
    </message>
    <message>
        <source>Next: {times}</source>
        <translation>Nächste: {times}</translation>
    </message>
    <message>
        <source>Never fires</source>
        <translation>Wird nie ausgelöst</translation>
    </message>
</context>
<context>
    <name>AttachmentChip</name>
    <message>
        <source>Search instead of sending whole</source>
        <translation>Durchsuchen statt ganz senden</translation>
    </message>
    <message>
        <source>Parley indexes the file and sends only the parts that match each question, with citations</source>
        <translation>Parley indiziert die Datei und sendet nur die Teile, die zur jeweiligen Frage passen, mit Quellenangaben</translation>
    </message>
    <message>
        <source>{format} image</source>
        <translation>{format}-Bild</translation>
    </message>
    <message>
        <source>File</source>
        <translation>Datei</translation>
    </message>
    <message>
        <source>Document</source>
        <translation>Dokument</translation>
    </message>
    <message>
        <source>Spreadsheet</source>
        <translation>Tabelle</translation>
    </message>
    <message>
        <source>Slides</source>
        <translation>Folien</translation>
    </message>
    <message>
        <source>Text</source>
        <translation>Text</translation>
    </message>
    <message>
        <source>Log</source>
        <translation>Protokoll</translation>
    </message>
    <message>
        <source>page</source>
        <translation>Seite</translation>
    </message>
    <message>
        <source>pages</source>
        <translation>Seiten</translation>
    </message>
    <message>
        <source>slide</source>
        <translation>Folie</translation>
    </message>
    <message>
        <source>slides</source>
        <translation>Folien</translation>
    </message>
    <message>
        <source>sheet</source>
        <translation>Tabellenblatt</translation>
    </message>
    <message>
        <source>sheets</source>
        <translation>Tabellenblätter</translation>
    </message>
    <message>
        <source>section</source>
        <translation>Abschnitt</translation>
    </message>
    <message>
        <source>sections</source>
        <translation>Abschnitte</translation>
    </message>
    <message>
        <source>Reading…</source>
        <translation>Wird gelesen…</translation>
    </message>
    <message>
        <source>Reading… {done:,} / {total:,}</source>
        <translation>Wird gelesen… {done:,} / {total:,}</translation>
    </message>
    <message>
        <source>Reading… {done:,} / {total:,} {unit}</source>
        <translation>Wird gelesen… {done:,} / {total:,} {unit}</translation>
    </message>
    <message>
        <source>Remove {name}</source>
        <translation>{name} entfernen</translation>
    </message>
    <message>
        <source>a folder, not a file</source>
        <translation>ein Ordner, keine Datei</translation>
    </message>
    <message>
        <source>Stop reading and remove {name}</source>
        <translation>Lesen beenden und {name} entfernen</translation>
    </message>
</context>
<context>
    <name>AttachmentError</name>
    <message>
        <source>{name} does not exist (it may have been moved)</source>
        <translation>{name} existiert nicht (die Datei wurde vielleicht verschoben)</translation>
    </message>
    <message>
        <source>{name} cannot be opened ({detail})</source>
        <translation>{name} kann nicht geöffnet werden ({detail})</translation>
    </message>
    <message>
        <source>{name} cannot be read ({detail})</source>
        <translation>{name} kann nicht gelesen werden ({detail})</translation>
    </message>
    <message>
        <source>{name} is not a file</source>
        <translation>{name} ist keine Datei</translation>
    </message>
    <message>
        <source>{name} is {size}; Parley reads files of up to {limit}</source>
        <translation>{name} ist {size} groß; Parley liest Dateien bis {limit}</translation>
    </message>
    <message>
        <source>{name} grew past {limit} while it was being read; Parley reads files of up to {limit}</source>
        <translation>{name} ist beim Lesen über {limit} gewachsen; Parley liest Dateien bis {limit}</translation>
    </message>
    <message>
        <source>reading {name} was cancelled</source>
        <translation>das Lesen von {name} wurde abgebrochen</translation>
    </message>
    <message>
        <source>reading {name} took longer than {seconds:g} s and was stopped</source>
        <translation>das Lesen von {name} dauerte länger als {seconds:g} s und wurde abgebrochen</translation>
    </message>
    <message>
        <source>reading {name} used more than its CPU time limit and was stopped</source>
        <translation>das Lesen von {name} hat sein CPU-Zeitlimit überschritten und wurde abgebrochen</translation>
    </message>
    <message>
        <source>reading {name} needed more than {memory} of memory and was stopped</source>
        <translation>das Lesen von {name} brauchte mehr als {memory} Arbeitsspeicher und wurde abgebrochen</translation>
    </message>
    <message>
        <source>{name} could not be read: the reader failed (exit {code}; {detail})</source>
        <translation>{name} konnte nicht gelesen werden: Das Leseprogramm ist fehlgeschlagen (Exit-Code {code}; {detail})</translation>
    </message>
    <message>
        <source>{name}: reading it needed more than {megabytes:,.0f} MB of memory and was stopped</source>
        <translation>{name}: Das Lesen brauchte mehr als {megabytes:,.0f} MB Arbeitsspeicher und wurde abgebrochen</translation>
    </message>
    <message>
        <source>reading it needed more than {megabytes:,.0f} MB of memory and was stopped</source>
        <translation>das Lesen brauchte mehr als {megabytes:,.0f} MB Arbeitsspeicher und wurde abgebrochen</translation>
    </message>
    <message>
        <source>{name}: its structure is nested too deeply to read safely</source>
        <translation>{name}: Die Struktur ist zu tief verschachtelt, um sie sicher zu lesen</translation>
    </message>
    <message>
        <source>its structure is nested too deeply to read safely</source>
        <translation>die Struktur ist zu tief verschachtelt, um sie sicher zu lesen</translation>
    </message>
    <message>
        <source>{name} could not be read ({detail})</source>
        <translation>{name} konnte nicht gelesen werden ({detail})</translation>
    </message>
    <message>
        <source>{name} is {label}, which Parley does not read{hint}</source>
        <translation>{name} ist {label}; das liest Parley nicht{hint}</translation>
    </message>
    <message>
        <source>{name} is protected by a password, and Parley cannot open encrypted Office files; save a copy without the password and attach that</source>
        <translation>{name} ist mit einem Passwort geschützt, und Parley kann verschlüsselte Office-Dateien nicht öffnen; speichern Sie eine Kopie ohne Passwort und hängen Sie diese an</translation>
    </message>
    <message>
        <source>{what}, which Parley does not read{hint}</source>
        <translation>{what}; das liest Parley nicht{hint}</translation>
    </message>
    <message>
        <source>; unpack it and attach the files inside</source>
        <translation>; entpacken Sie die Datei und hängen Sie die enthaltenen Dateien an</translation>
    </message>
    <message>
        <source>; images are read as PNG, JPEG, GIF or WEBP</source>
        <translation>; Bilder werden als PNG, JPEG, GIF oder WEBP gelesen</translation>
    </message>
    <message>
        <source>; save it in the current format (.docx, .xlsx, .pptx) and attach that</source>
        <translation>; speichern Sie die Datei im aktuellen Format (.docx, .xlsx, .pptx) und hängen Sie diese an</translation>
    </message>
    <message>
        <source>; save it as .docx, .xlsx or .pptx and attach that</source>
        <translation>; speichern Sie die Datei als .docx, .xlsx oder .pptx und hängen Sie diese an</translation>
    </message>
    <message>
        <source>; save it as .docx or plain text and attach that</source>
        <translation>; speichern Sie die Datei als .docx oder als reinen Text und hängen Sie diese an</translation>
    </message>
    <message>
        <source>{name} is actually {label}</source>
        <translation>{name} ist in Wirklichkeit {label}</translation>
    </message>
    <message>
        <source>{name}: the part {part} is not well-formed XML ({detail})</source>
        <translation>{name}: Der Teil {part} ist kein wohlgeformtes XML ({detail})</translation>
    </message>
    <message>
        <source>the part {part} is not well-formed XML ({detail})</source>
        <translation>der Teil {part} ist kein wohlgeformtes XML ({detail})</translation>
    </message>
    <message>
        <source>{name}: the part {part} declares a DTD or XML entities ({detail})</source>
        <translation>{name}: Der Teil {part} deklariert eine DTD oder XML-Entitäten ({detail})</translation>
    </message>
    <message>
        <source>{name}: the part {part} is implausibly large for what it is</source>
        <translation>{name}: Der Teil {part} ist für seine Art unplausibel groß</translation>
    </message>
    <message>
        <source>{name} has no main document part</source>
        <translation>{name} hat keinen Hauptdokumentteil</translation>
    </message>
    <message>
        <source>{name} has no readable workbook part</source>
        <translation>{name} hat keinen lesbaren Arbeitsmappenteil</translation>
    </message>
    <message>
        <source>{name} has no text</source>
        <translation>{name} enthält keinen Text</translation>
    </message>
    <message>
        <source>{name} has no visible text</source>
        <translation>{name} enthält keinen sichtbaren Text</translation>
    </message>
    <message>
        <source>{name} is empty</source>
        <translation>{name} ist leer</translation>
    </message>
    <message>
        <source>{name}: every sheet is empty</source>
        <translation>{name}: Alle Tabellenblätter sind leer</translation>
    </message>
    <message>
        <source>every sheet is empty</source>
        <translation>alle Tabellenblätter sind leer</translation>
    </message>
    <message>
        <source>{name} is not a readable EPUB ({detail})</source>
        <translation>{name} ist kein lesbares EPUB ({detail})</translation>
    </message>
    <message>
        <source>{name} has no visible text (only {count:,} hidden element, which a reader would not show)</source>
        <translation>{name} enthält keinen sichtbaren Text (nur {count:,} verborgenes Element, das ein E-Book-Reader nicht anzeigen würde)</translation>
    </message>
    <message>
        <source>{name} has no visible text (only {count:,} hidden elements, which a reader would not show)</source>
        <translation>{name} enthält keinen sichtbaren Text (nur {count:,} verborgene Elemente, die ein E-Book-Reader nicht anzeigen würde)</translation>
    </message>
    <message>
        <source>{name} has no visible text (only {count:,} hidden element, which a browser would not show)</source>
        <translation>{name} enthält keinen sichtbaren Text (nur {count:,} verborgenes Element, das ein Browser nicht anzeigen würde)</translation>
    </message>
    <message>
        <source>{name} has no visible text (only {count:,} hidden elements, which a browser would not show)</source>
        <translation>{name} enthält keinen sichtbaren Text (nur {count:,} verborgene Elemente, die ein Browser nicht anzeigen würde)</translation>
    </message>
    <message>
        <source>{name} is too large in pixels to be safe ({detail}); it looks like a decompression bomb and was not read</source>
        <translation>{name} hat zu viele Pixel, um sicher verarbeitet zu werden ({detail}); das Bild sieht nach einer Dekompressionsbombe aus und wurde nicht gelesen</translation>
    </message>
    <message>
        <source>{name} is a damaged image ({detail})</source>
        <translation>{name} ist ein beschädigtes Bild ({detail})</translation>
    </message>
    <message>
        <source>{name} is a {format} image, which Parley does not send</source>
        <translation>{name} ist ein {format}-Bild; solche Bilder sendet Parley nicht</translation>
    </message>
    <message>
        <source>{name} is an OLE2 file but not an e-mail</source>
        <translation>{name} ist eine OLE2-Datei, aber keine E-Mail</translation>
    </message>
    <message>
        <source>{name} uses an encryption Parley cannot open ({detail})</source>
        <translation>{name} verwendet eine Verschlüsselung, die Parley nicht öffnen kann ({detail})</translation>
    </message>
    <message>
        <source>{name} is protected by a password, and Parley cannot open password-protected PDFs; remove the password (for example by printing it to a new PDF) and attach it again</source>
        <translation>{name} ist mit einem Passwort geschützt, und Parley kann passwortgeschützte PDFs nicht öffnen; entfernen Sie das Passwort (zum Beispiel, indem Sie die Datei in ein neues PDF drucken) und hängen Sie sie erneut an</translation>
    </message>
    <message>
        <source>{name} declares data beyond the safety limits ({detail}); it was not read</source>
        <translation>{name} gibt Daten jenseits der Sicherheitsgrenzen an ({detail}); die Datei wurde nicht gelesen</translation>
    </message>
    <message>
        <source>{name} has no pages</source>
        <translation>{name} hat keine Seiten</translation>
    </message>
    <message>
        <source>{name}: {detail}, beyond the safety limit (a decompression bomb?); it was not read</source>
        <translation>{name}: {detail}, jenseits der Sicherheitsgrenze (eine Dekompressionsbombe?); die Datei wurde nicht gelesen</translation>
    </message>
    <message>
        <source>{detail}, beyond the safety limit (a decompression bomb?); it was not read</source>
        <translation>{detail}, jenseits der Sicherheitsgrenze (eine Dekompressionsbombe?); die Datei wurde nicht gelesen</translation>
    </message>
    <message>
        <source>{name} is damaged or truncated and cannot be opened ({detail})</source>
        <translation>{name} ist beschädigt oder abgeschnitten und kann nicht geöffnet werden ({detail})</translation>
    </message>
    <message>
        <source>{name}: its pages decompress beyond the safety limits (a decompression bomb?); nothing was read</source>
        <translation>{name}: Die Seiten werden beim Entpacken größer, als die Sicherheitsgrenzen erlauben (eine Dekompressionsbombe?); es wurde nichts gelesen</translation>
    </message>
    <message>
        <source>its pages decompress beyond the safety limits (a decompression bomb?); nothing was read</source>
        <translation>die Seiten werden beim Entpacken größer, als die Sicherheitsgrenzen erlauben (eine Dekompressionsbombe?); es wurde nichts gelesen</translation>
    </message>
    <message>
        <source>{name} is damaged: none of its {count:,} page could be read</source>
        <translation>{name} ist beschädigt: Die {count:,} Seite konnte nicht gelesen werden</translation>
    </message>
    <message>
        <source>{name} is damaged: none of its {count:,} pages could be read</source>
        <translation>{name} ist beschädigt: Keine der {count:,} Seiten konnte gelesen werden</translation>
    </message>
    <message>
        <source>{name}: {count:,} page could not be read and the others have no text layer</source>
        <translation>{name}: {count:,} Seite konnte nicht gelesen werden, und die übrigen haben keine Textebene</translation>
    </message>
    <message>
        <source>{name}: {count:,} pages could not be read and the others have no text layer</source>
        <translation>{name}: {count:,} Seiten konnten nicht gelesen werden, und die übrigen haben keine Textebene</translation>
    </message>
    <message>
        <source>{count:,} page could not be read and the others have no text layer</source>
        <translation>{count:,} Seite konnte nicht gelesen werden, und die übrigen haben keine Textebene</translation>
    </message>
    <message>
        <source>{count:,} pages could not be read and the others have no text layer</source>
        <translation>{count:,} Seiten konnten nicht gelesen werden, und die übrigen haben keine Textebene</translation>
    </message>
    <message>
        <source>{name}: scanned PDF ({count:,} page) with no text layer; OCR is not supported</source>
        <translation>{name}: Gescanntes PDF ({count:,} Seite) ohne Textebene; OCR wird nicht unterstützt</translation>
    </message>
    <message>
        <source>{name}: scanned PDF ({count:,} pages) with no text layer; OCR is not supported</source>
        <translation>{name}: Gescanntes PDF ({count:,} Seiten) ohne Textebene; OCR wird nicht unterstützt</translation>
    </message>
    <message>
        <source>scanned PDF ({count:,} page) with no text layer; OCR is not supported</source>
        <translation>gescanntes PDF ({count:,} Seite) ohne Textebene; OCR wird nicht unterstützt</translation>
    </message>
    <message>
        <source>scanned PDF ({count:,} pages) with no text layer; OCR is not supported</source>
        <translation>gescanntes PDF ({count:,} Seiten) ohne Textebene; OCR wird nicht unterstützt</translation>
    </message>
    <message>
        <source>{name} has no text ({count:,} slide)</source>
        <translation>{name} enthält keinen Text ({count:,} Folie)</translation>
    </message>
    <message>
        <source>{name} has no text ({count:,} slides)</source>
        <translation>{name} enthält keinen Text ({count:,} Folien)</translation>
    </message>
    <message>
        <source>{name} is not valid CSV near line {line:,} ({detail})</source>
        <translation>{name} ist kein gültiges CSV, etwa in Zeile {line:,} ({detail})</translation>
    </message>
</context>
<context>
    <name>AttachmentStrip</name>
    <message>
        <source>not found</source>
        <translation>nicht gefunden</translation>
    </message>
    <message>
        <source>cannot read: {exc}</source>
        <translation>nicht lesbar: {exc}</translation>
    </message>
</context>
<context>
    <name>AttachmentText</name>
    <message>
        <source>{kind} image</source>
        <translation>{kind}-Bild</translation>
    </message>
    <message>
        <source>not sent: {reason}</source>
        <translation>nicht gesendet: {reason}</translation>
    </message>
    <message>
        <source>not sent</source>
        <translation>nicht gesendet</translation>
    </message>
    <message>
        <source>searched for each question</source>
        <translation>für jede Frage durchsucht</translation>
    </message>
    <message>
        <source>truncated: the model saw the first {count:,} characters</source>
        <translation>gekürzt: Das Modell hat die ersten {count:,} Zeichen gesehen</translation>
    </message>
</context>
<context>
    <name>AttachmentViewer</name>
    <message>
        <source>{count:,} characters</source>
        <translation>{count:,} Zeichen</translation>
    </message>
    <message>
        <source>read by {extractor}</source>
        <translation>gelesen mit {extractor}</translation>
    </message>
    <message>
        <source>truncated</source>
        <translation>gekürzt</translation>
    </message>
    <message>
        <source>{name} — what the model saw</source>
        <translation>{name} – was das Modell gesehen hat</translation>
    </message>
    <message>
        <source>Not sent to the model — {attachment_error}</source>
        <translation>Nicht an das Modell gesendet – {attachment_error}</translation>
    </message>
    <message>
        <source>The file was longer than the limit: the model saw only the text below.</source>
        <translation>Die Datei war länger als erlaubt: Das Modell hat nur den folgenden Text gesehen.</translation>
    </message>
    <message>
        <source>This file was searched for each question rather than sent whole: below are the excerpts the model was given for this answer.</source>
        <translation>Diese Datei wurde für jede Frage durchsucht statt ganz gesendet: Unten stehen die Auszüge, die das Modell für diese Antwort erhalten hat.</translation>
    </message>
    <message>
        <source>(no text)</source>
        <translation>(kein Text)</translation>
    </message>
    <message>
        <source>The image cannot be shown here.</source>
        <translation>Das Bild kann hier nicht angezeigt werden.</translation>
    </message>
    <message>
        <source>Loading…</source>
        <translation>Wird geladen…</translation>
    </message>
    <message>
        <source>The image cannot be shown: {exc}</source>
        <translation>Das Bild kann nicht angezeigt werden: {exc}</translation>
    </message>
</context>
<context>
    <name>AttachmentsController</name>
    <message>
        <source>Cannot keep the pasted image: {exc}</source>
        <translation>Das eingefügte Bild kann nicht behalten werden: {exc}</translation>
    </message>
    <message>
        <source>Choose an MCP server for this conversation first (Tools → MCP servers).</source>
        <translation>Wählen Sie zuerst einen MCP-Server für diese Unterhaltung (Werkzeuge → MCP-Server).</translation>
    </message>
    <message>
        <source>This installation of Parley has no MCP client.</source>
        <translation>Diese Parley-Installation hat keinen MCP-Client.</translation>
    </message>
    <message>
        <source>the stored copy of this image cannot be found</source>
        <translation>die gespeicherte Kopie dieses Bildes ist nicht auffindbar</translation>
    </message>
    <message>
        <source>Showing the original file, not the copy that was sent; it may have changed since.</source>
        <translation>Gezeigt wird die Originaldatei, nicht die gesendete Kopie; sie kann sich seitdem geändert haben.</translation>
    </message>
    <message>
        <source>Workspace for the model&apos;s tools</source>
        <translation>Arbeitsordner für die Werkzeuge des Modells</translation>
    </message>
    <message>
        <source>Commands run sandboxed ({mechanism})</source>
        <translation>Befehle laufen in einer Sandbox ({mechanism})</translation>
    </message>
    <message>
        <source>Each command runs in an operating-system sandbox: your home folder is hidden, there is no network unless you allow a command that needs it, and it writes only where the permission prompt says.</source>
        <translation>Jeder Befehl läuft in einer Sandbox des Betriebssystems: Ihr Benutzerordner ist verborgen, es gibt kein Netzwerk, außer Sie erlauben es einem Befehl, der es braucht, und geschrieben wird nur dort, wo die Berechtigungsabfrage es nennt.</translation>
    </message>
    <message>
        <source>No sandbox on this system: every command asks{install}</source>
        <translation>Keine Sandbox auf diesem System: Jeder Befehl fragt nach{install}</translation>
    </message>
    <message>
        <source>{reason}. Commands would run with your permissions, so Parley asks before each one.</source>
        <translation>{reason}. Befehle würden mit Ihren Rechten laufen, daher fragt Parley vor jedem einzelnen.</translation>
    </message>
</context>
<context>
    <name>Badges</name>
    <message>
        <source>Completed</source>
        <translation>Abgeschlossen</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Fehlgeschlagen</translation>
    </message>
    <message>
        <source>Stopped</source>
        <translation>Angehalten</translation>
    </message>
    <message>
        <source>Denied</source>
        <translation>Abgelehnt</translation>
    </message>
    <message>
        <source>No turns</source>
        <translation>Keine Runden</translation>
    </message>
    <message>
        <source>Key set</source>
        <translation>Schlüssel gesetzt</translation>
    </message>
    <message>
        <source>Key from env</source>
        <translation>Schlüssel aus Umgebung</translation>
    </message>
    <message>
        <source>No key</source>
        <translation>Kein Schlüssel</translation>
    </message>
    <message>
        <source>No keyring</source>
        <translation>Kein Schlüsselbund</translation>
    </message>
    <message>
        <source>No key needed</source>
        <translation>Kein Schlüssel nötig</translation>
    </message>
    <message>
        <source>Off</source>
        <translation>Aus</translation>
    </message>
    <message>
        <source>Not started</source>
        <translation>Nicht gestartet</translation>
    </message>
    <message>
        <source>Starting</source>
        <translation>Startet</translation>
    </message>
    <message>
        <source>Ready</source>
        <translation>Bereit</translation>
    </message>
    <message>
        <source>Invalid</source>
        <translation>Ungültig</translation>
    </message>
</context>
<context>
    <name>ChatController</name>
    <message>
        <source>{count:,} tokens</source>
        <translation>{count:,} Token</translation>
    </message>
    <message>
        <source>Stop the running answer before starting a new chat.</source>
        <translation>Beenden Sie die laufende Antwort, bevor Sie einen neuen Chat beginnen.</translation>
    </message>
    <message>
        <source>Wait for the answer to finish before switching branches.</source>
        <translation>Warten Sie, bis die Antwort fertig ist, bevor Sie den Zweig wechseln.</translation>
    </message>
    <message>
        <source>Copied the last answer.</source>
        <translation>Letzte Antwort kopiert.</translation>
    </message>
    <message>
        <source>Still reading the settings; send again in a moment.</source>
        <translation>Die Einstellungen werden noch gelesen; senden Sie gleich noch einmal.</translation>
    </message>
    <message>
        <source>Opening the conversation; your message goes as soon as it is read.</source>
        <translation>Die Unterhaltung wird geöffnet; Ihre Nachricht geht los, sobald sie gelesen ist.</translation>
    </message>
    <message>
        <source>Send /compact on its own; your message stays here.</source>
        <translation>Senden Sie /compact allein; Ihre Nachricht bleibt hier.</translation>
    </message>
    <message>
        <source>The next message goes to {model}.</source>
        <translation>Die nächste Nachricht geht an {model}.</translation>
    </message>
    <message>
        <source>Nothing to summarise yet: this conversation has no messages.</source>
        <translation>Noch nichts zusammenzufassen: Diese Unterhaltung hat keine Nachrichten.</translation>
    </message>
    <message>
        <source>Earlier messages cannot be summarised right now.</source>
        <translation>Frühere Nachrichten können gerade nicht zusammengefasst werden.</translation>
    </message>
    <message>
        <source>Summarising earlier messages…</source>
        <translation>Frühere Nachrichten werden zusammengefasst…</translation>
    </message>
    <message>
        <source>1 earlier turn</source>
        <translation>1 frühere Runde</translation>
    </message>
    <message>
        <source>{count} earlier turns</source>
        <translation>{count} frühere Runden</translation>
    </message>
    <message>
        <source>Summarised {what}.</source>
        <translation>{what} zusammengefasst.</translation>
    </message>
    <message>
        <source>Nothing was summarised.</source>
        <translation>Es wurde nichts zusammengefasst.</translation>
    </message>
    <message>
        <source>Summarising failed: {exc}</source>
        <translation>Zusammenfassen fehlgeschlagen: {exc}</translation>
    </message>
    <message>
        <source>Stopping…</source>
        <translation>Wird angehalten…</translation>
    </message>
    <message>
        <source> · {tokens_in} in / {tokens_out} out tokens</source>
        <translation> · {tokens_in} ein / {tokens_out} aus (Token)</translation>
    </message>
    <message>
        <source>Done in {duration_s:.1f} s{figures}</source>
        <translation>Fertig in {duration_s:.1f} s{figures}</translation>
    </message>
    <message>
        <source>Stopped. The partial answer was kept.</source>
        <translation>Angehalten. Die bisherige Antwort wurde behalten.</translation>
    </message>
    <message>
        <source>Failed: {error}</source>
        <translation>Fehlgeschlagen: {error}</translation>
    </message>
    <message>
        <source>Timed out: {error}</source>
        <translation>Zeit überschritten: {error}</translation>
    </message>
</context>
<context>
    <name>CommandPopup</name>
    <message>
        <source>Command suggestions</source>
        <translation>Befehlsvorschläge</translation>
    </message>
</context>
<context>
    <name>Compaction</name>
    <message>
        <source>there are no earlier messages to summarise yet</source>
        <translation>es gibt noch keine früheren Nachrichten zum Zusammenfassen</translation>
    </message>
    <message>
        <source>{model} cannot read even a short part of the conversation (its window is {tokens:,} tokens)</source>
        <translation>{model} kann nicht einmal einen kurzen Teil der Unterhaltung lesen (sein Kontextfenster umfasst {tokens:,} Token)</translation>
    </message>
    <message>
        <source>{model} could not write the summary: {exc}</source>
        <translation>{model} konnte die Zusammenfassung nicht schreiben: {exc}</translation>
    </message>
    <message>
        <source>stopped before the summary was finished</source>
        <translation>angehalten, bevor die Zusammenfassung fertig war</translation>
    </message>
    <message>
        <source>{model} answered with an empty summary</source>
        <translation>{model} hat mit einer leeren Zusammenfassung geantwortet</translation>
    </message>
    <message>
        <source>the summary was no shorter than the messages it would replace</source>
        <translation>die Zusammenfassung war nicht kürzer als die Nachrichten, die sie ersetzen würde</translation>
    </message>
    <message>
        <source>There are no earlier messages to summarise yet.</source>
        <translation>Es gibt noch keine früheren Nachrichten zum Zusammenfassen.</translation>
    </message>
    <message>
        <source>{model} cannot read even a short part of the conversation (its window is {tokens:,} tokens).</source>
        <translation>{model} kann nicht einmal einen kurzen Teil der Unterhaltung lesen (sein Kontextfenster umfasst {tokens:,} Token).</translation>
    </message>
    <message>
        <source>{model} could not write the summary: {exc}.</source>
        <translation>{model} konnte die Zusammenfassung nicht schreiben: {exc}.</translation>
    </message>
    <message>
        <source>Stopped before the summary was finished.</source>
        <translation>Angehalten, bevor die Zusammenfassung fertig war.</translation>
    </message>
    <message>
        <source>{model} answered with an empty summary.</source>
        <translation>{model} hat mit einer leeren Zusammenfassung geantwortet.</translation>
    </message>
    <message>
        <source>The summary was no shorter than the messages it would replace.</source>
        <translation>Die Zusammenfassung war nicht kürzer als die Nachrichten, die sie ersetzen würde.</translation>
    </message>
    <message>
        <source>There is nothing to summarise yet.</source>
        <translation>Es gibt noch nichts zusammenzufassen.</translation>
    </message>
    <message>
        <source>That message is no longer here.</source>
        <translation>Diese Nachricht ist nicht mehr vorhanden.</translation>
    </message>
    <message>
        <source>No model is chosen to write the summary.</source>
        <translation>Es ist kein Modell zum Schreiben der Zusammenfassung gewählt.</translation>
    </message>
</context>
<context>
    <name>Composer</name>
    <message>
        <source>Ask anything — Ctrl+Enter to send, / for commands</source>
        <translation>Fragen Sie irgendetwas – Strg+Eingabe sendet, / für Befehle</translation>
    </message>
    <message>
        <source>Ask anything — Enter to send, Shift+Enter for a new line, / for commands</source>
        <translation>Fragen Sie irgendetwas – Eingabe sendet, Umschalt+Eingabe für neue Zeile, / für Befehle</translation>
    </message>
    <message>
        <source>Send (Ctrl+Enter)</source>
        <translation>Senden (Strg+Eingabe)</translation>
    </message>
    <message>
        <source>Send (Enter)</source>
        <translation>Senden (Eingabe)</translation>
    </message>
    <message>
        <source>Prompt</source>
        <translation>Prompt</translation>
    </message>
    <message>
        <source>Attach</source>
        <translation>Anhängen</translation>
    </message>
    <message>
        <source>Attach files</source>
        <translation>Dateien anhängen</translation>
    </message>
    <message>
        <source>Attach files (or drop them here, or paste them)</source>
        <translation>Dateien anhängen (oder hier ablegen oder einfügen)</translation>
    </message>
    <message>
        <source>Files…</source>
        <translation>Dateien…</translation>
    </message>
    <message>
        <source>From an MCP server…</source>
        <translation>Von einem MCP-Server…</translation>
    </message>
    <message>
        <source>Editing an earlier message</source>
        <translation>Eine frühere Nachricht wird bearbeitet</translation>
    </message>
    <message>
        <source>Editing an earlier message — sending starts a new branch.</source>
        <translation>Eine frühere Nachricht wird bearbeitet – Senden beginnt einen neuen Zweig.</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Cancel editing</source>
        <translation>Bearbeiten abbrechen</translation>
    </message>
    <message>
        <source>Stop editing and bring back your draft (Esc)</source>
        <translation>Bearbeiten beenden und Ihren Entwurf zurückholen (Esc)</translation>
    </message>
    <message>
        <source>Prompt error</source>
        <translation>Fehler in der Eingabe</translation>
    </message>
    <message>
        <source>Stop the answer (Esc)</source>
        <translation>Antwort anhalten (Esc)</translation>
    </message>
</context>
<context>
    <name>Confinement</name>
    <message>
        <source>Not sandboxed: no sandbox is available on this system, so the command runs with your permissions and can reach anything you can.</source>
        <translation>Keine Sandbox: Auf diesem System ist keine Sandbox verfügbar, daher läuft der Befehl mit Ihren Rechten und kann alles erreichen, was Sie erreichen können.</translation>
    </message>
    <message>
        <source>Sandboxed ({mechanism}): {reach}, {net}; your home folder is hidden.</source>
        <translation>In einer Sandbox ({mechanism}): {reach}, {net}; Ihr Benutzerordner ist verborgen.</translation>
    </message>
    <message>
        <source>not sandboxed</source>
        <translation>ohne Sandbox</translation>
    </message>
    <message>
        <source>with network access</source>
        <translation>mit Netzwerkzugriff</translation>
    </message>
    <message>
        <source>without network access</source>
        <translation>ohne Netzwerkzugriff</translation>
    </message>
    <message>
        <source>can read the workspace but change nothing</source>
        <translation>kann den Arbeitsordner lesen, aber nichts ändern</translation>
    </message>
    <message>
        <source>can write only in this turn&apos;s sandbox folder</source>
        <translation>kann nur im Sandbox-Ordner dieser Runde schreiben</translation>
    </message>
    <message>
        <source>can change files in the workspace (not .git/hooks or .git/config)</source>
        <translation>kann Dateien im Arbeitsordner ändern (nicht .git/hooks oder .git/config)</translation>
    </message>
    <message>
        <source>can write only the workspace&apos;s Python environment</source>
        <translation>kann nur in die Python-Umgebung des Arbeitsordners schreiben</translation>
    </message>
</context>
<context>
    <name>ContextGauge</name>
    <message>
        <source>Context window</source>
        <translation>Kontextfenster</translation>
    </message>
    <message>
        <source>reported by the server</source>
        <translation>vom Server gemeldet</translation>
    </message>
    <message>
        <source>from the table of context windows</source>
        <translation>aus der Tabelle der Kontextfenster</translation>
    </message>
    <message>
        <source>a guess — set it in Settings → Prices</source>
        <translation>geschätzt – legen Sie sie unter Einstellungen → Preise fest</translation>
    </message>
    <message>
        <source>of unknown origin</source>
        <translation>unbekannter Herkunft</translation>
    </message>
    <message>
        <source>{percent}% of {window}</source>
        <translation>{percent} % von {window}</translation>
    </message>
    <message>
        <source>{tokens:,} of {window:,} tokens in the context window ({percent}%)</source>
        <translation>{tokens:,} von {window:,} Token im Kontextfenster ({percent} %)</translation>
    </message>
    <message>
        <source>Window size: {source}</source>
        <translation>Fenstergröße: {source}</translation>
    </message>
    <message>
        <source>{tokens:,} tokens kept for the answer</source>
        <translation>{tokens:,} Token für die Antwort reserviert</translation>
    </message>
    <message>
        <source>Measured before earlier messages were summarised; the next message measures again.</source>
        <translation>Gemessen, bevor frühere Nachrichten zusammengefasst wurden; die nächste Nachricht misst erneut.</translation>
    </message>
</context>
<context>
    <name>ContextPage</name>
    <message>
        <source>This conversation&apos;s model</source>
        <translation>Das Modell dieser Unterhaltung</translation>
    </message>
    <message>
        <source>None — keyword search only</source>
        <translation>Keiner – nur Stichwortsuche</translation>
    </message>
    <message>
        <source>Compaction threshold</source>
        <translation>Schwelle für die Verdichtung</translation>
    </message>
    <message>
        <source>Compaction provider</source>
        <translation>Anbieter für die Verdichtung</translation>
    </message>
    <message>
        <source>Compaction model</source>
        <translation>Modell für die Verdichtung</translation>
    </message>
    <message>
        <source>Compaction model error</source>
        <translation>Fehler beim Verdichtungsmodell</translation>
    </message>
    <message>
        <source>Embedding provider</source>
        <translation>Embedding-Anbieter</translation>
    </message>
    <message>
        <source>Embedding model</source>
        <translation>Embedding-Modell</translation>
    </message>
    <message>
        <source>Embedding model error</source>
        <translation>Fehler beim Embedding-Modell</translation>
    </message>
    <message>
        <source>Excerpts per turn</source>
        <translation>Auszüge pro Runde</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>Speichern</translation>
    </message>
    <message>
        <source>Save context settings</source>
        <translation>Kontexteinstellungen speichern</translation>
    </message>
    <message>
        <source>Context settings save result</source>
        <translation>Ergebnis beim Speichern der Kontexteinstellungen</translation>
    </message>
    <message>
        <source>Long conversations</source>
        <translation>Lange Unterhaltungen</translation>
    </message>
    <message>
        <source>Threshold</source>
        <translation>Schwelle</translation>
    </message>
    <message>
        <source>When a conversation&apos;s request passes this share of the model&apos;s context window, its oldest turns are summarised (nothing is deleted: History keeps them, and the transcript can show them).</source>
        <translation>Wenn die Anfrage einer Unterhaltung diesen Anteil des Kontextfensters des Modells überschreitet, werden ihre ältesten Runden zusammengefasst (nichts wird gelöscht: Der Verlauf behält sie, und das Gesprächsprotokoll kann sie zeigen).</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>Who writes the summary: the conversation&apos;s own model, or a cheaper one.</source>
        <translation>Wer die Zusammenfassung schreibt: das Modell der Unterhaltung selbst oder ein günstigeres.</translation>
    </message>
    <message>
        <source>Documents and knowledge folders</source>
        <translation>Dokumente und Wissensordner</translation>
    </message>
    <message>
        <source>Embeddings</source>
        <translation>Embeddings</translation>
    </message>
    <message>
        <source>Keyword search (BM25) always works, offline. An embedding model adds search by meaning; its provider is sent the documents&apos; text to embed.</source>
        <translation>Die Stichwortsuche (BM25) funktioniert immer, auch offline. Ein Embedding-Modell ergänzt die Suche nach Bedeutung; sein Anbieter erhält dazu den Text der Dokumente.</translation>
    </message>
    <message>
        <source>How many excerpts of large attachments and the project&apos;s knowledge folder a turn is given at most.</source>
        <translation>Wie viele Auszüge aus großen Anhängen und dem Wissensordner des Projekts eine Runde höchstens erhält.</translation>
    </message>
    <message>
        <source>Name a model of {compaction_provider}.</source>
        <translation>Nennen Sie ein Modell von {compaction_provider}.</translation>
    </message>
    <message>
        <source>Name an embedding model of {embedding_provider}.</source>
        <translation>Nennen Sie ein Embedding-Modell von {embedding_provider}.</translation>
    </message>
    <message>
        <source>Saved.</source>
        <translation>Gespeichert.</translation>
    </message>
    <message>
        <source>Not saved: {exc}</source>
        <translation>Nicht gespeichert: {exc}</translation>
    </message>
    <message>
        <source>{current} (not configured)</source>
        <translation>{current} (nicht eingerichtet)</translation>
    </message>
    <message>
        <source>a model of that provider</source>
        <translation>ein Modell dieses Anbieters</translation>
    </message>
</context>
<context>
    <name>ContextWindowsSection</name>
    <message>
        <source>Context windows</source>
        <translation>Kontextfenster</translation>
    </message>
    <message>
        <source>How many tokens each model can read per request (prompt and answer) and at most write (Max output; empty or 0 if unknown). Used when the provider does not report a model&apos;s window itself (OpenRouter, Ollama, LM Studio, llama.cpp and Gemini do). Built-in figures checked on {WINDOWS_CHECKED_ON}.</source>
        <translation>Wie viele Token jedes Modell pro Anfrage lesen (Prompt und Antwort) und höchstens schreiben kann (Max. Ausgabe; leer oder 0, wenn unbekannt). Wird verwendet, wenn der Anbieter das Fenster eines Modells nicht selbst meldet (OpenRouter, Ollama, LM Studio, llama.cpp und Gemini tun es). Eingebaute Werte geprüft am {WINDOWS_CHECKED_ON}.</translation>
    </message>
    <message>
        <source>Context windows result</source>
        <translation>Ergebnis der Kontextfenster</translation>
    </message>
    <message>
        <source>Cannot read context windows: {exc}</source>
        <translation>Kontextfenster nicht lesbar: {exc}</translation>
    </message>
    <message>
        <source>The built-in context windows (checked on {WINDOWS_CHECKED_ON}) are shown; Save to use them.</source>
        <translation>Die eingebauten Kontextfenster (geprüft am {WINDOWS_CHECKED_ON}) werden angezeigt; Speichern, um sie zu verwenden.</translation>
    </message>
    <message>
        <source>Saved {n_windows} context-window rows.</source>
        <translation>{n_windows} Kontextfenster-Zeilen gespeichert.</translation>
    </message>
    <message>
        <source>Not saved: {exc}</source>
        <translation>Nicht gespeichert: {exc}</translation>
    </message>
</context>
<context>
    <name>ConversationItems</name>
    <message>
        <source>Earlier messages summarised</source>
        <translation>Frühere Nachrichten zusammengefasst</translation>
    </message>
    <message>
        <source>Show original messages</source>
        <translation>Ursprüngliche Nachrichten zeigen</translation>
    </message>
    <message>
        <source>Hide original messages</source>
        <translation>Ursprüngliche Nachrichten ausblenden</translation>
    </message>
    <message>
        <source>(The provider sent this reasoning encrypted: it is kept, but cannot be shown.)</source>
        <translation>(Der Anbieter hat diese Überlegungen verschlüsselt gesendet: Sie werden aufbewahrt, können aber nicht angezeigt werden.)</translation>
    </message>
    <message>
        <source>Reasoning (encrypted by the provider)</source>
        <translation>Überlegungen (vom Anbieter verschlüsselt)</translation>
    </message>
    <message>
        <source>Reasoning</source>
        <translation>Überlegungen</translation>
    </message>
    <message>
        <source>Thought for a moment</source>
        <translation>Kurz nachgedacht</translation>
    </message>
    <message>
        <source>Thought for {seconds} s</source>
        <translation>{seconds} s nachgedacht</translation>
    </message>
    <message>
        <source>Thought for {minutes} min {seconds} s</source>
        <translation>{minutes} min {seconds} s nachgedacht</translation>
    </message>
    <message>
        <source>Thought for {minutes} min</source>
        <translation>{minutes} min nachgedacht</translation>
    </message>
</context>
<context>
    <name>ConversationList</name>
    <message>
        <source>(untitled)</source>
        <translation>(ohne Titel)</translation>
    </message>
    <message>
        <source>Enter opens, F2 renames, Delete deletes, the context menu has more</source>
        <translation>Eingabe öffnet, F2 benennt um, Entf löscht, das Kontextmenü bietet mehr</translation>
    </message>
    <message>
        <source>Pinned</source>
        <translation>Angeheftet</translation>
    </message>
    <message>
        <source>Today</source>
        <translation>Heute</translation>
    </message>
    <message>
        <source>Yesterday</source>
        <translation>Gestern</translation>
    </message>
    <message>
        <source>Previous 7 days</source>
        <translation>Letzte 7 Tage</translation>
    </message>
    <message>
        <source>Previous 30 days</source>
        <translation>Letzte 30 Tage</translation>
    </message>
    <message>
        <source>Older</source>
        <translation>Älter</translation>
    </message>
    <message>
        <source>No conversations yet — start one with {keys}.</source>
        <translation>Noch keine Unterhaltungen – beginnen Sie eine mit {keys}.</translation>
    </message>
    <message>
        <source>No conversations match “{query}”.</source>
        <translation>Keine Unterhaltung passt zu „{query}“.</translation>
    </message>
    <message>
        <source>No conversations match.</source>
        <translation>Keine Unterhaltung passt.</translation>
    </message>
    <message>
        <source>{head} Try fewer or other words; Esc clears the search.</source>
        <translation>{head} Versuchen Sie weniger oder andere Wörter; Esc leert die Suche.</translation>
    </message>
    <message>
        <source>Conversations</source>
        <translation>Unterhaltungen</translation>
    </message>
    <message>
        <source>{title}, pinned</source>
        <translation>{title}, angeheftet</translation>
    </message>
    <message>
        <source>{title} section</source>
        <translation>Abschnitt {title}</translation>
    </message>
    <message>
        <source>Project {title}, collapsed</source>
        <translation>Projekt {title}, eingeklappt</translation>
    </message>
    <message>
        <source>Project {title}, expanded</source>
        <translation>Projekt {title}, ausgeklappt</translation>
    </message>
    <message>
        <source>Conversation actions</source>
        <translation>Aktionen der Unterhaltung</translation>
    </message>
    <message>
        <source>Rename</source>
        <translation>Umbenennen</translation>
    </message>
    <message>
        <source>Unpin</source>
        <translation>Lösen</translation>
    </message>
    <message>
        <source>Pin</source>
        <translation>Anheften</translation>
    </message>
    <message>
        <source>Duplicate</source>
        <translation>Duplizieren</translation>
    </message>
    <message>
        <source>Move to project</source>
        <translation>In Projekt verschieben</translation>
    </message>
    <message>
        <source>(no projects yet)</source>
        <translation>(noch keine Projekte)</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Löschen</translation>
    </message>
    <message>
        <source>{title}
last activity {when}</source>
        <translation>{title}
zuletzt aktiv {when}</translation>
    </message>
</context>
<context>
    <name>Costs</name>
    <message>
        <source>{text!r} is not an amount: write it like 0.50</source>
        <translation>{text!r} ist kein Betrag: Schreiben Sie ihn wie 0.50</translation>
    </message>
    <message>
        <source>{text!r} is not an amount: write a number of 0 or more</source>
        <translation>{text!r} ist kein Betrag: Geben Sie eine Zahl ab 0 ein</translation>
    </message>
    <message>
        <source>{text!r}: write the decimals with a dot, like 2.50</source>
        <translation>{text!r}: Schreiben Sie die Nachkommastellen mit Punkt, etwa 2.50</translation>
    </message>
    <message>
        <source>{text!r} is not a number; write a price like 2.50</source>
        <translation>{text!r} ist keine Zahl; schreiben Sie einen Preis wie 2.50</translation>
    </message>
    <message>
        <source>{text!r} is not a usable price</source>
        <translation>{text!r} ist kein verwendbarer Preis</translation>
    </message>
    <message>
        <source>{text!r} is negative; a price is 0 or more</source>
        <translation>{text!r} ist negativ; ein Preis ist 0 oder mehr</translation>
    </message>
</context>
<context>
    <name>CostsView</name>
    <message>
        <source>Turns</source>
        <translation>Runden</translation>
    </message>
    <message>
        <source>Tokens in</source>
        <translation>Token ein</translation>
    </message>
    <message>
        <source>Tokens out</source>
        <translation>Token aus</translation>
    </message>
    <message>
        <source>Est. cost</source>
        <translation>Gesch. Kosten</translation>
    </message>
    <message>
        <source>Parley — Costs</source>
        <translation>Parley – Kosten</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>Gesamt</translation>
    </message>
    <message>
        <source>Costs error</source>
        <translation>Fehler bei den Kosten</translation>
    </message>
    <message>
        <source>Costs</source>
        <translation>Kosten</translation>
    </message>
    <message>
        <source>Per member</source>
        <translation>Pro Mitglied</translation>
    </message>
    <message>
        <source>Per model</source>
        <translation>Pro Modell</translation>
    </message>
    <message>
        <source>Reading…</source>
        <translation>Wird gelesen…</translation>
    </message>
    <message>
        <source>No finished turns match these filters.</source>
        <translation>Keine abgeschlossenen Runden passen zu diesen Filtern.</translation>
    </message>
    <message>
        <source>Total: {turns} · {tokens_in:,} tokens in · {tokens_out:,} tokens out · {cost}</source>
        <translation>Gesamt: {turns} · {tokens_in:,} Token ein · {tokens_out:,} Token aus · {cost}</translation>
    </message>
    <message>
        <source>estimated {money}</source>
        <translation>geschätzt {money}</translation>
    </message>
    <message>
        <source>no price known for these models</source>
        <translation>kein Preis für diese Modelle bekannt</translation>
    </message>
    <message>
        <source>{count} had no price (Settings → Prices): their tokens are counted, their cost is not.</source>
        <translation>{count} hatten keinen Preis (Einstellungen → Preise): Ihre Token werden gezählt, ihre Kosten nicht.</translation>
    </message>
    <message>
        <source>Estimated with the price table in Settings → Prices.</source>
        <translation>Geschätzt mit der Preistabelle unter Einstellungen → Preise.</translation>
    </message>
    <message>
        <source>member {value}</source>
        <translation>Mitglied {value}</translation>
    </message>
    <message>
        <source>since {value}</source>
        <translation>ab {value}</translation>
    </message>
    <message>
        <source>until {value}</source>
        <translation>bis {value}</translation>
    </message>
    <message>
        <source>provider {value}</source>
        <translation>Anbieter {value}</translation>
    </message>
    <message>
        <source>model {value}</source>
        <translation>Modell {value}</translation>
    </message>
    <message>
        <source>project {value}</source>
        <translation>Projekt {value}</translation>
    </message>
    <message>
        <source>workspace {value}</source>
        <translation>Arbeitsordner {value}</translation>
    </message>
    <message>
        <source>status {value}</source>
        <translation>Status {value}</translation>
    </message>
    <message>
        <source>verdict {value}</source>
        <translation>Entscheidung {value}</translation>
    </message>
    <message>
        <source>with tool calls</source>
        <translation>mit Werkzeugaufrufen</translation>
    </message>
    <message>
        <source>all finished turns</source>
        <translation>alle abgeschlossenen Runden</translation>
    </message>
    <message>
        <source>finished turns, {filters}</source>
        <translation>abgeschlossene Runden, {filters}</translation>
    </message>
    <message>
        <source>(unknown)</source>
        <translation>(unbekannt)</translation>
    </message>
    <message>
        <source>{count:,} turn</source>
        <translation>{count:,} Runde</translation>
    </message>
    <message>
        <source>{count:,} turns</source>
        <translation>{count:,} Runden</translation>
    </message>
    <message>
        <source>{count:,} member/model row</source>
        <translation>{count:,} Zeile Mitglied/Modell</translation>
    </message>
    <message>
        <source>{count:,} member/model rows</source>
        <translation>{count:,} Zeilen Mitglied/Modell</translation>
    </message>
</context>
<context>
    <name>CrashReport</name>
    <message>
        <source>Parley crashed last time. The crash report is in {path} (please attach it when you report the problem).</source>
        <translation>Parley ist beim letzten Mal abgestürzt. Der Absturzbericht liegt in {path} (bitte hängen Sie ihn an, wenn Sie das Problem melden).</translation>
    </message>
</context>
<context>
    <name>DesktopPage</name>
    <message>
        <source>Tray</source>
        <translation>Infobereich</translation>
    </message>
    <message>
        <source>Parley&apos;s icon in the system tray opens a new chat, Quick ask and your latest conversations.</source>
        <translation>Das Parley-Symbol im Infobereich öffnet einen neuen Chat, Schnellfrage und Ihre letzten Unterhaltungen.</translation>
    </message>
    <message>
        <source>Closing the window keeps Parley in the tray</source>
        <translation>Beim Schließen des Fensters bleibt Parley im Infobereich</translation>
    </message>
    <message>
        <source>This desktop has no system tray, so closing the window quits Parley.</source>
        <translation>Diese Arbeitsumgebung hat keinen Infobereich, daher beendet das Schließen des Fensters Parley.</translation>
    </message>
    <message>
        <source>Quick ask</source>
        <translation>Schnellfrage</translation>
    </message>
    <message>
        <source>A small window on top of everything for one question. It also opens from the tray, and from the command parley quick.</source>
        <translation>Ein kleines Fenster über allem für eine einzelne Frage. Es öffnet sich auch aus dem Infobereich und mit dem Befehl parley quick.</translation>
    </message>
    <message>
        <source>Quick ask shortcut</source>
        <translation>Tastenkürzel für Schnellfrage</translation>
    </message>
    <message>
        <source>Default</source>
        <translation>Standard</translation>
    </message>
    <message>
        <source>None</source>
        <translation>Keines</translation>
    </message>
    <message>
        <source>Quick ask shortcut state</source>
        <translation>Status des Schnellfrage-Tastenkürzels</translation>
    </message>
    <message>
        <source>Desktop settings problem</source>
        <translation>Problem mit den Desktop-Einstellungen</translation>
    </message>
    <message>
        <source>No shortcut: use the tray or parley quick.</source>
        <translation>Kein Tastenkürzel: Verwenden Sie den Infobereich oder parley quick.</translation>
    </message>
    <message>
        <source>{chord} opens Quick ask from anywhere.</source>
        <translation>{chord} öffnet die Schnellfrage von überall.</translation>
    </message>
    <message>
        <source>Could not save: {error}</source>
        <translation>Konnte nicht speichern: {error}</translation>
    </message>
</context>
<context>
    <name>ElicitationDialog</name>
    <message>
        <source>{server} asks for information</source>
        <translation>{server} bittet um Angaben</translation>
    </message>
    <message>
        <source>{server} asks:</source>
        <translation>{server} fragt:</translation>
    </message>
    <message>
        <source>An MCP server is asking, not Parley. Do not give it passwords or keys.</source>
        <translation>Hier fragt ein MCP-Server, nicht Parley. Geben Sie ihm keine Passwörter oder Schlüssel.</translation>
    </message>
    <message>
        <source>* an answer is required</source>
        <translation>* eine Antwort ist erforderlich</translation>
    </message>
    <message>
        <source>Submit</source>
        <translation>Senden</translation>
    </message>
    <message>
        <source>Decline</source>
        <translation>Ablehnen</translation>
    </message>
    <message>
        <source>Tell the server you will not answer</source>
        <translation>Dem Server mitteilen, dass Sie nicht antworten</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Dismiss without answering (Esc)</source>
        <translation>Ohne Antwort schließen (Esc)</translation>
    </message>
    <message>
        <source>Yes</source>
        <translation>Ja</translation>
    </message>
</context>
<context>
    <name>EmptyConversation</name>
    <message>
        <source>Explain a concept</source>
        <translation>Ein Konzept erklären</translation>
    </message>
    <message>
        <source>Explain public keys simply.</source>
        <translation>Erkläre öffentliche Schlüssel einfach.</translation>
    </message>
    <message>
        <source>Write code</source>
        <translation>Code schreiben</translation>
    </message>
    <message>
        <source>Dedupe a file&apos;s lines in Python.</source>
        <translation>Entferne doppelte Zeilen einer Datei in Python.</translation>
    </message>
    <message>
        <source>Summarise a document</source>
        <translation>Ein Dokument zusammenfassen</translation>
    </message>
    <message>
        <source>Summarise the attached file.</source>
        <translation>Fasse die angehängte Datei zusammen.</translation>
    </message>
    <message>
        <source>Plan something</source>
        <translation>Etwas planen</translation>
    </message>
    <message>
        <source>Plan three days in Lisbon.</source>
        <translation>Plane drei Tage in Lissabon.</translation>
    </message>
    <message>
        <source>New conversation</source>
        <translation>Neue Unterhaltung</translation>
    </message>
    <message>
        <source>What can I help with?</source>
        <translation>Wobei kann ich helfen?</translation>
    </message>
    <message>
        <source>Example: {title}</source>
        <translation>Beispiel: {title}</translation>
    </message>
    <message>
        <source>Press {sheet} to see every keyboard shortcut.</source>
        <translation>Drücken Sie {sheet}, um alle Tastenkürzel zu sehen.</translation>
    </message>
</context>
<context>
    <name>EmptyState</name>
    <message>
        <source>Clear filters</source>
        <translation>Filter zurücksetzen</translation>
    </message>
</context>
<context>
    <name>FeedbackController</name>
    <message>
        <source>Waiting for your permission…</source>
        <translation>Wartet auf Ihre Erlaubnis…</translation>
    </message>
    <message>
        <source>Parley needs your permission</source>
        <translation>Parley braucht Ihre Erlaubnis</translation>
    </message>
    <message>
        <source>A command waits for your yes.</source>
        <translation>Ein Befehl wartet auf Ihr Ja.</translation>
    </message>
    <message>
        <source>{model} answered</source>
        <translation>{model} hat geantwortet</translation>
    </message>
    <message>
        <source>The model</source>
        <translation>Das Modell</translation>
    </message>
    <message>
        <source>The answer is ready.</source>
        <translation>Die Antwort ist fertig.</translation>
    </message>
    <message>
        <source>The answer did not finish</source>
        <translation>Die Antwort wurde nicht fertig</translation>
    </message>
    <message>
        <source>Duplicated as “{title}”.</source>
        <translation>Dupliziert als „{title}“.</translation>
    </message>
    <message>
        <source>Exported to {path}</source>
        <translation>Exportiert nach {path}</translation>
    </message>
</context>
<context>
    <name>FilterBar</name>
    <message>
        <source>Search titles and content</source>
        <translation>Titel und Inhalt durchsuchen</translation>
    </message>
    <message>
        <source>Search conversations</source>
        <translation>Unterhaltungen durchsuchen</translation>
    </message>
    <message>
        <source>Clear search</source>
        <translation>Suche leeren</translation>
    </message>
    <message>
        <source>Date range</source>
        <translation>Zeitraum</translation>
    </message>
    <message>
        <source>When the conversation&apos;s turns started</source>
        <translation>Wann die Runden der Unterhaltung begannen</translation>
    </message>
    <message>
        <source>Since</source>
        <translation>Seit</translation>
    </message>
    <message>
        <source>Limit to turns since a date</source>
        <translation>Auf Runden ab einem Datum beschränken</translation>
    </message>
    <message>
        <source>Since date</source>
        <translation>Ab Datum</translation>
    </message>
    <message>
        <source>Until</source>
        <translation>Bis</translation>
    </message>
    <message>
        <source>Limit to turns until a date</source>
        <translation>Auf Runden bis zu einem Datum beschränken</translation>
    </message>
    <message>
        <source>Until date</source>
        <translation>Bis Datum</translation>
    </message>
    <message>
        <source>Any provider</source>
        <translation>Jeder Anbieter</translation>
    </message>
    <message>
        <source>Provider</source>
        <translation>Anbieter</translation>
    </message>
    <message>
        <source>Any model</source>
        <translation>Jedes Modell</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>Any workspace</source>
        <translation>Jeder Arbeitsordner</translation>
    </message>
    <message>
        <source>Workspace</source>
        <translation>Arbeitsordner</translation>
    </message>
    <message>
        <source>Any project</source>
        <translation>Jedes Projekt</translation>
    </message>
    <message>
        <source>Project</source>
        <translation>Projekt</translation>
    </message>
    <message>
        <source>Any member</source>
        <translation>Jedes Mitglied</translation>
    </message>
    <message>
        <source>Member</source>
        <translation>Mitglied</translation>
    </message>
    <message>
        <source>Whose conversations (a team store&apos;s members)</source>
        <translation>Wessen Unterhaltungen (die Mitglieder eines Team-Speichers)</translation>
    </message>
    <message>
        <source>Turn status</source>
        <translation>Status der Runde</translation>
    </message>
    <message>
        <source>Action verdict</source>
        <translation>Entscheidung zur Aktion</translation>
    </message>
    <message>
        <source>Has tool calls</source>
        <translation>Mit Werkzeugaufrufen</translation>
    </message>
    <message>
        <source>Cost at least</source>
        <translation>Kosten mindestens</translation>
    </message>
    <message>
        <source>More filters: provider, workspace, project, verdict, cost, dates</source>
        <translation>Weitere Filter: Anbieter, Arbeitsordner, Projekt, Entscheidung, Kosten, Daten</translation>
    </message>
    <message>
        <source>More filters</source>
        <translation>Weitere Filter</translation>
    </message>
    <message>
        <source>Filters · {count}</source>
        <translation>Filter · {count}</translation>
    </message>
    <message>
        <source>Filters</source>
        <translation>Filter</translation>
    </message>
    <message>
        <source>{count} more filter(s) set</source>
        <translation>{count} weitere(r) Filter gesetzt</translation>
    </message>
    <message>
        <source>No more filters set</source>
        <translation>Keine weiteren Filter gesetzt</translation>
    </message>
</context>
<context>
    <name>FixController</name>
    <message>
        <source>Check the API key and address of {provider}</source>
        <translation>Prüfen Sie API-Schlüssel und Adresse von {provider}</translation>
    </message>
    <message>
        <source>Pick a model that can see images, then send again</source>
        <translation>Wählen Sie ein Modell, das Bilder sehen kann, und senden Sie erneut</translation>
    </message>
    <message>
        <source>None of the listed models is known to see images: pick or add one that does.</source>
        <translation>Von keinem der aufgeführten Modelle ist bekannt, dass es Bilder sieht: Wählen oder ergänzen Sie eines, das es kann.</translation>
    </message>
    <message>
        <source>The next message goes to {model}. Retry the failed message to send it.</source>
        <translation>Die nächste Nachricht geht an {model}. Wiederholen Sie die fehlgeschlagene Nachricht, um sie zu senden.</translation>
    </message>
</context>
<context>
    <name>FrameHost</name>
    <message>
        <source>Sources: </source>
        <translation>Quellen: </translation>
    </message>
    <message>
        <source>Open {name} at {where}</source>
        <translation>{name} bei {where} öffnen</translation>
    </message>
    <message>
        <source>Hide the summary</source>
        <translation>Zusammenfassung ausblenden</translation>
    </message>
    <message>
        <source>Show the summary</source>
        <translation>Zusammenfassung zeigen</translation>
    </message>
    <message>
        <source>Show the messages the summary stands in for (the model reads the summary)</source>
        <translation>Die Nachrichten zeigen, die die Zusammenfassung ersetzt (das Modell liest die Zusammenfassung)</translation>
    </message>
    <message>
        <source>Hide the messages the summary stands in for</source>
        <translation>Die Nachrichten ausblenden, die die Zusammenfassung ersetzt</translation>
    </message>
    <message>
        <source>Hide the model&apos;s reasoning</source>
        <translation>Überlegungen des Modells ausblenden</translation>
    </message>
    <message>
        <source>Show the model&apos;s reasoning</source>
        <translation>Überlegungen des Modells zeigen</translation>
    </message>
    <message>
        <source>You</source>
        <translation>Sie</translation>
    </message>
    <message>
        <source>Show the previous version ({label})</source>
        <translation>Die vorherige Version zeigen ({label})</translation>
    </message>
    <message>
        <source>Show the next version ({label})</source>
        <translation>Die nächste Version zeigen ({label})</translation>
    </message>
    <message>
        <source>the server says: {claims} (a claim Parley cannot check)</source>
        <translation>der Server gibt an: {claims} (eine Angabe, die Parley nicht prüfen kann)</translation>
    </message>
    <message>
        <source>↻ Retry</source>
        <translation>↻ Erneut versuchen</translation>
    </message>
    <message>
        <source>{tokens:,} in</source>
        <translation>{tokens:,} ein</translation>
    </message>
    <message>
        <source>{tokens:,} out</source>
        <translation>{tokens:,} aus</translation>
    </message>
    <message>
        <source>{seconds:.1f} s</source>
        <translation>{seconds:.1f} s</translation>
    </message>
    <message>
        <source>{count} turn</source>
        <translation>{count} Runde</translation>
    </message>
    <message>
        <source>{count} turns</source>
        <translation>{count} Runden</translation>
    </message>
    <message>
        <source>by {model}</source>
        <translation>von {model}</translation>
    </message>
    <message>
        <source>automatically</source>
        <translation>automatisch</translation>
    </message>
    <message>
        <source>with /compact</source>
        <translation>mit /compact</translation>
    </message>
</context>
<context>
    <name>GateReason</name>
    <message>
        <source>writes</source>
        <translation>schreibt</translation>
    </message>
    <message>
        <source>deletes</source>
        <translation>löscht</translation>
    </message>
    <message>
        <source>redirects output to</source>
        <translation>lenkt die Ausgabe auf</translation>
    </message>
    <message>
        <source>redirects output to {path}, which {detail}</source>
        <translation>lenkt die Ausgabe auf {path}; der Pfad {detail}</translation>
    </message>
    <message>
        <source>redirects output to {path} (inside the sandbox)</source>
        <translation>lenkt die Ausgabe auf {path} (innerhalb der Sandbox)</translation>
    </message>
    <message>
        <source>redirects output to {path}: outside the sandbox, into the workspace itself</source>
        <translation>lenkt die Ausgabe auf {path}: außerhalb der Sandbox, direkt in den Arbeitsordner</translation>
    </message>
    <message>
        <source>redirects output to {path}, under the protected {prefix}</source>
        <translation>lenkt die Ausgabe auf {path}, unterhalb des geschützten {prefix}</translation>
    </message>
    <message>
        <source>redirects output to the disk device {device}</source>
        <translation>lenkt die Ausgabe auf das Datenträgergerät {device}</translation>
    </message>
    <message>
        <source>a process substitution</source>
        <translation>eine Prozesssubstitution</translation>
    </message>
    <message>
        <source>is in the home directory</source>
        <translation>liegt im Benutzerordner</translation>
    </message>
    <message>
        <source>is only known at run time</source>
        <translation>ist erst zur Laufzeit bekannt</translation>
    </message>
    <message>
        <source>is an empty path</source>
        <translation>ist ein leerer Pfad</translation>
    </message>
    <message>
        <source>is relative to a directory {lost}</source>
        <translation>ist relativ zu einem Verzeichnis {lost}</translation>
    </message>
    <message>
        <source>has &apos;..&apos; after the pattern {part!r} (a link?)</source>
        <translation>hat &apos;..&apos; nach dem Muster {part!r} (ein Link?)</translation>
    </message>
    <message>
        <source>is outside the workspace and the sandbox</source>
        <translation>liegt außerhalb des Arbeitsordners und der Sandbox</translation>
    </message>
    <message>
        <source>leads outside ({message})</source>
        <translation>führt nach außen ({message})</translation>
    </message>
    <message>
        <source>may match &apos;..&apos; above the root</source>
        <translation>kann &apos;..&apos; oberhalb der Wurzel treffen</translation>
    </message>
    <message>
        <source>may match the link {link!r} that leads outside</source>
        <translation>kann den Link {link!r} treffen, der nach außen führt</translation>
    </message>
    <message>
        <source>installing {requirement} downloads and runs third-party code</source>
        <translation>die Installation von {requirement} lädt Code von Dritten herunter und führt ihn aus</translation>
    </message>
    <message>
        <source>the path {path} {detail}</source>
        <translation>der Pfad {path} {detail}</translation>
    </message>
    <message>
        <source>{path} {detail}; reading outside the workspace and the sandbox needs permission</source>
        <translation>{path} {detail}; Lesen außerhalb des Arbeitsordners und der Sandbox braucht eine Erlaubnis</translation>
    </message>
    <message>
        <source>reading {path} recursively may follow the link {link!r}, which leads outside the workspace</source>
        <translation>rekursives Lesen von {path} kann dem Link {link!r} folgen, der aus dem Arbeitsordner herausführt</translation>
    </message>
    <message>
        <source>{verb} the disk device {device}</source>
        <translation>{verb} das Datenträgergerät {device}</translation>
    </message>
    <message>
        <source>{verb} {path}, which {detail}</source>
        <translation>{verb} {path}; der Pfad {detail}</translation>
    </message>
    <message>
        <source>{verb} {path}, under the protected {prefix}</source>
        <translation>{verb} {path}, unterhalb des geschützten {prefix}</translation>
    </message>
    <message>
        <source>{verb} {path} (inside the sandbox)</source>
        <translation>{verb} {path} (innerhalb der Sandbox)</translation>
    </message>
    <message>
        <source>{verb} {path}: outside the sandbox, into the workspace itself</source>
        <translation>{verb} {path}: außerhalb der Sandbox, direkt im Arbeitsordner</translation>
    </message>
    <message>
        <source>is outside the sandbox</source>
        <translation>liegt außerhalb der Sandbox</translation>
    </message>
    <message>
        <source>{verb} the workspace root</source>
        <translation>{verb} die Wurzel des Arbeitsordners</translation>
    </message>
    <message>
        <source>{verb} {path} (outside the sandbox)</source>
        <translation>{verb} {path} (außerhalb der Sandbox)</translation>
    </message>
    <message>
        <source>{verb} {path}, under a protected path</source>
        <translation>{verb} {path}, unterhalb eines geschützten Pfads</translation>
    </message>
    <message>
        <source>the command is empty</source>
        <translation>der Befehl ist leer</translation>
    </message>
    <message>
        <source>the command contains a NUL character</source>
        <translation>der Befehl enthält ein NUL-Zeichen</translation>
    </message>
    <message>
        <source>the working directory {cwd!r} is not valid</source>
        <translation>das Arbeitsverzeichnis {cwd!r} ist ungültig</translation>
    </message>
    <message>
        <source>cannot be judged ({error}) and it names {name}</source>
        <translation>kann nicht beurteilt werden ({error}) und nennt {name}</translation>
    </message>
    <message>
        <source>cannot be judged: {error}</source>
        <translation>kann nicht beurteilt werden: {error}</translation>
    </message>
    <message>
        <source>commands nested too deeply</source>
        <translation>zu tief verschachtelte Befehle</translation>
    </message>
    <message>
        <source>downloads with {fetcher} and runs code with {runner}</source>
        <translation>lädt mit {fetcher} herunter und führt Code mit {runner} aus</translation>
    </message>
    <message>
        <source>read-only: {programs}</source>
        <translation>nur lesend: {programs}</translation>
    </message>
    <message>
        <source>too deeply nested or too long to judge</source>
        <translation>zu tief verschachtelt oder zu lang zum Beurteilen</translation>
    </message>
    <message>
        <source>sets {var}, which can make a program load or run other code</source>
        <translation>setzt {var}; damit kann ein Programm anderen Code laden oder ausführen</translation>
    </message>
    <message>
        <source>sets the environment variable {var}</source>
        <translation>setzt die Umgebungsvariable {var}</translation>
    </message>
    <message>
        <source>control flow ({control}) is not judged</source>
        <translation>Kontrollfluss ({control}) wird nicht beurteilt</translation>
    </message>
    <message>
        <source>a word starts with ~ (the home directory)</source>
        <translation>ein Wort beginnt mit ~ (dem Benutzerordner)</translation>
    </message>
    <message>
        <source>the program {program} is only known at run time</source>
        <translation>das Programm {program} ist erst zur Laufzeit bekannt</translation>
    </message>
    <message>
        <source>{name} runs a command with other privileges</source>
        <translation>{name} führt einen Befehl mit anderen Rechten aus</translation>
    </message>
    <message>
        <source>{program} is not a bare name resolved to a trusted system program ({why})</source>
        <translation>{program} ist kein bloßer Name, der zu einem vertrauenswürdigen Systemprogramm aufgelöst wird ({why})</translation>
    </message>
    <message>
        <source>{name} runs whatever {fed_by} feeds it</source>
        <translation>{name} führt alles aus, was {fed_by} ihm liefert</translation>
    </message>
    <message>
        <source>{wrapper} is not a trusted system program</source>
        <translation>{wrapper} ist kein vertrauenswürdiges Systemprogramm</translation>
    </message>
    <message>
        <source>{name} controls the whole system</source>
        <translation>{name} steuert das ganze System</translation>
    </message>
    <message>
        <source>{name} formats or partitions disks</source>
        <translation>{name} formatiert oder partitioniert Datenträger</translation>
    </message>
    <message>
        <source>{name} is not on the allow-list</source>
        <translation>{name} steht nicht auf der Liste der erlaubten Programme</translation>
    </message>
    <message>
        <source>cd to a directory that is not named inside</source>
        <translation>cd in ein Verzeichnis, das im Befehl nicht genannt ist</translation>
    </message>
    <message>
        <source>cd {path} leaves the workspace</source>
        <translation>cd {path} verlässt den Arbeitsordner</translation>
    </message>
    <message>
        <source>git {sub} is not a read-only subcommand</source>
        <translation>git {sub} ist kein nur lesender Unterbefehl</translation>
    </message>
    <message>
        <source>git {sub} {flag} may change refs</source>
        <translation>git {sub} {flag} kann Refs ändern</translation>
    </message>
    <message>
        <source>git {sub} with a name creates it</source>
        <translation>git {sub} mit einem Namen legt diesen an</translation>
    </message>
    <message>
        <source>git remote beyond -v may change or fetch</source>
        <translation>git remote mit mehr als -v kann ändern oder abrufen</translation>
    </message>
    <message>
        <source>cp copies the link {link!r} as a link</source>
        <translation>cp kopiert den Link {link!r} als Link</translation>
    </message>
    <message>
        <source>a link in the sandbox could later redirect reads or writes</source>
        <translation>ein Link in der Sandbox könnte später Lese- oder Schreibzugriffe umlenken</translation>
    </message>
    <message>
        <source>ln links to {source}, outside the workspace</source>
        <translation>ln verlinkt auf {source}, außerhalb des Arbeitsordners</translation>
    </message>
    <message>
        <source>the package name is empty</source>
        <translation>der Paketname ist leer</translation>
    </message>
    <message>
        <source>the package name contains a control character</source>
        <translation>der Paketname enthält ein Steuerzeichen</translation>
    </message>
    <message>
        <source>{text!r} is an option, not a package name</source>
        <translation>{text!r} ist eine Option, kein Paketname</translation>
    </message>
    <message>
        <source>{text!r} is a URL or a VCS reference, not a PyPI name</source>
        <translation>{text!r} ist eine URL oder ein VCS-Verweis, kein PyPI-Name</translation>
    </message>
    <message>
        <source>{text!r} is a path, not a PyPI name</source>
        <translation>{text!r} ist ein Pfad, kein PyPI-Name</translation>
    </message>
    <message>
        <source>{text!r} is not a PyPI requirement (a name, optional [extras], optional version such as &gt;=1.2)</source>
        <translation>{text!r} ist keine PyPI-Anforderung (ein Name, optional [extras], optional eine Version wie &gt;=1.2)</translation>
    </message>
    <message>
        <source>{wrapper} runs nothing</source>
        <translation>{wrapper} führt nichts aus</translation>
    </message>
    <message>
        <source>{name} only reads</source>
        <translation>{name} liest nur</translation>
    </message>
    <message>
        <source>{name} only prints its arguments</source>
        <translation>{name} gibt nur seine Argumente aus</translation>
    </message>
    <message>
        <source>printf only prints</source>
        <translation>printf gibt nur aus</translation>
    </message>
    <message>
        <source>git {sub} lists</source>
        <translation>git {sub} listet nur auf</translation>
    </message>
    <message>
        <source>git remote -v lists</source>
        <translation>git remote -v listet nur auf</translation>
    </message>
    <message>
        <source>git {sub} only reads</source>
        <translation>git {sub} liest nur</translation>
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
        <translation>Ihre Einstellungen verbieten dieses Werkzeug</translation>
    </message>
    <message>
        <source>you chose to always allow this tool</source>
        <translation>Sie haben gewählt, dieses Werkzeug immer zu erlauben</translation>
    </message>
    <message>
        <source>you allowed this tool for this conversation</source>
        <translation>Sie haben dieses Werkzeug für diese Unterhaltung erlaubt</translation>
    </message>
    <message>
        <source>the server says this tool only reads</source>
        <translation>laut Server liest dieses Werkzeug nur</translation>
    </message>
    <message>
        <source>your settings ask before this tool runs</source>
        <translation>laut Ihren Einstellungen wird vor diesem Werkzeug nachgefragt</translation>
    </message>
    <message>
        <source>this turn asks before every action</source>
        <translation>diese Runde fragt vor jeder Aktion nach</translation>
    </message>
    <message>
        <source>the server says this tool may delete or overwrite things</source>
        <translation>laut Server kann dieses Werkzeug Dinge löschen oder überschreiben</translation>
    </message>
    <message>
        <source>the server says this tool reaches outside services</source>
        <translation>laut Server greift dieses Werkzeug auf externe Dienste zu</translation>
    </message>
    <message>
        <source>the server does not say this tool only reads</source>
        <translation>der Server gibt nicht an, dass dieses Werkzeug nur liest</translation>
    </message>
    <message>
        <source>{reason} (an unattended turn never asks, so it refuses)</source>
        <translation>{reason} (eine unbeaufsichtigte Runde fragt nie nach, daher lehnt sie ab)</translation>
    </message>
    <message>
        <source>the arguments of {tool} are not a JSON object ({error}). Send them as one JSON object, for example {example}.</source>
        <translation>die Argumente von {tool} sind kein JSON-Objekt ({error}). Senden Sie sie als ein einziges JSON-Objekt, zum Beispiel {example}.</translation>
    </message>
    <message>
        <source>{raw!r} is a directory, not a file. Use list_dir with path {rel!r} to see its entries, then read_file one of them.</source>
        <translation>{raw!r} ist ein Verzeichnis, keine Datei. Verwenden Sie list_dir mit dem Pfad {rel!r}, um seine Einträge zu sehen, und dann read_file für einen davon.</translation>
    </message>
    <message>
        <source>{raw!r} is a file, not a directory. Use read_file with path {rel!r} to read it, or list_dir {parent!r} to see the directory it is in.</source>
        <translation>{raw!r} ist eine Datei, kein Verzeichnis. Verwenden Sie read_file mit dem Pfad {rel!r}, um sie zu lesen, oder list_dir {parent!r}, um das Verzeichnis zu sehen, in dem sie liegt.</translation>
    </message>
    <message>
        <source>the pattern is empty. Give a regular expression (or plain text) to look for.</source>
        <translation>das Muster ist leer. Geben Sie einen regulären Ausdruck (oder einfachen Text) an, nach dem gesucht werden soll.</translation>
    </message>
    <message>
        <source>{raw!r} is under the protected {protected!r}, which no action may write. Write the file somewhere else.</source>
        <translation>{raw!r} liegt unterhalb des geschützten {protected!r}, in das keine Aktion schreiben darf. Schreiben Sie die Datei an einen anderen Ort.</translation>
    </message>
    <message>
        <source>the directory {rel!r} already exists; nothing to create</source>
        <translation>das Verzeichnis {rel!r} existiert bereits; nichts anzulegen</translation>
    </message>
    <message>
        <source>{raw!r} names a directory; write_file writes files. Give a file path (parent directories are created as needed), e.g. &apos;notes/summary.md&apos;.</source>
        <translation>{raw!r} bezeichnet ein Verzeichnis; write_file schreibt Dateien. Geben Sie einen Dateipfad an (übergeordnete Verzeichnisse werden bei Bedarf angelegt), z. B. &apos;notes/summary.md&apos;.</translation>
    </message>
    <message>
        <source>{raw!r} is an existing directory. Give a file path inside it, e.g. &apos;{rel}/new_file.txt&apos;.</source>
        <translation>{raw!r} ist ein vorhandenes Verzeichnis. Geben Sie einen Dateipfad darin an, z. B. &apos;{rel}/new_file.txt&apos;.</translation>
    </message>
    <message>
        <source>{parent!r} is a file, so {rel!r} cannot be created under it. Choose another directory.</source>
        <translation>{parent!r} ist eine Datei, daher kann {rel!r} nicht darunter angelegt werden. Wählen Sie ein anderes Verzeichnis.</translation>
    </message>
    <message>
        <source>sandbox:{rel} already holds exactly this content; nothing to write</source>
        <translation>sandbox:{rel} enthält bereits genau diesen Inhalt; nichts zu schreiben</translation>
    </message>
    <message>
        <source>the command is empty. Give the shell command to run.</source>
        <translation>der Befehl ist leer. Geben Sie den auszuführenden Shell-Befehl an.</translation>
    </message>
    <message>
        <source>the command contains a NUL character. Remove it.</source>
        <translation>der Befehl enthält ein NUL-Zeichen. Entfernen Sie es.</translation>
    </message>
    <message>
        <source>{directories} already exist(s) as directories; nothing to create</source>
        <translation>{directories}: bereits als Verzeichnis(se) vorhanden; nichts anzulegen</translation>
    </message>
    <message>
        <source>there is no file {rel!r} in the workspace or the sandbox.{hint} Use list_dir with path {parent!r} to see what exists, then try again.</source>
        <translation>es gibt keine Datei {rel!r} im Arbeitsordner oder in der Sandbox.{hint} Verwenden Sie list_dir mit dem Pfad {parent!r}, um zu sehen, was existiert, und versuchen Sie es dann erneut.</translation>
    </message>
    <message>
        <source>there is no directory {rel!r} in the workspace or the sandbox.{hint} Use list_dir with path {parent!r} to see what exists, then try again.</source>
        <translation>es gibt kein Verzeichnis {rel!r} im Arbeitsordner oder in der Sandbox.{hint} Verwenden Sie list_dir mit dem Pfad {parent!r}, um zu sehen, was existiert, und versuchen Sie es dann erneut.</translation>
    </message>
    <message>
        <source> Nearest existing {kind}s: {near}.</source>
        <translation> Ähnlichste vorhandene Einträge ({kind}): {near}.</translation>
    </message>
    <message>
        <source>{raw!r} {problem}, which no action may create: git run there would obey its config and hooks. Write the file under another name or directory.</source>
        <translation>{raw!r} {problem}; so etwas darf keine Aktion anlegen: Ein dort ausgeführtes git würde dessen Konfiguration und Hooks befolgen. Schreiben Sie die Datei unter einem anderen Namen oder in ein anderes Verzeichnis.</translation>
    </message>
    <message>
        <source>has the component {part!r}, which is a git repository&apos;s directory</source>
        <translation>hat die Komponente {part!r}, das Verzeichnis eines git-Repositorys</translation>
    </message>
    <message>
        <source>would make {where!r} look like a git repository (HEAD with objects/ or refs/)</source>
        <translation>würde {where!r} wie ein git-Repository aussehen lassen (HEAD mit objects/ oder refs/)</translation>
    </message>
    <message>
        <source> Nearest directories: {near}.</source>
        <translation> Ähnlichste Verzeichnisse: {near}.</translation>
    </message>
    <message>
        <source>the cwd {cwd!r} is not a directory of the workspace.{hint} Use &apos;sandbox&apos; (the default), &apos;workspace&apos;, or an existing workspace directory.</source>
        <translation>das cwd {cwd!r} ist kein Verzeichnis des Arbeitsordners.{hint} Verwenden Sie &apos;sandbox&apos; (Standard), &apos;workspace&apos; oder ein vorhandenes Verzeichnis des Arbeitsordners.</translation>
    </message>
    <message>
        <source>{message}. Give a package name from PyPI, optionally with [extras] and a version, e.g. &apos;requests&apos; or &apos;requests[socks]&gt;=2.31&apos;.</source>
        <translation>{message}. Geben Sie einen Paketnamen von PyPI an, optional mit [extras] und einer Version, z. B. &apos;requests&apos; oder &apos;requests[socks]&gt;=2.31&apos;.</translation>
    </message>
    <message>
        <source>the {argument} {raw!r} is not usable: {message}.</source>
        <translation>{argument} {raw!r} ist nicht verwendbar: {message}.</translation>
    </message>
    <message>
        <source>the {argument} {raw!r} is not usable: {message}. {what}</source>
        <translation>{argument} {raw!r} ist nicht verwendbar: {message}. {what}</translation>
    </message>
    <message>
        <source>Give a path relative to the workspace root.</source>
        <translation>Geben Sie einen Pfad relativ zur Wurzel des Arbeitsordners an.</translation>
    </message>
    <message>
        <source>Give it relative to the root instead: {rel!r}.</source>
        <translation>Geben Sie ihn stattdessen relativ zur Wurzel an: {rel!r}.</translation>
    </message>
    <message>
        <source>Give a path relative to the workspace root, e.g. &apos;src/main.py&apos; or &apos;.&apos;.</source>
        <translation>Geben Sie einen Pfad relativ zur Wurzel des Arbeitsordners an, z. B. &apos;src/main.py&apos; oder &apos;.&apos;.</translation>
    </message>
    <message>
        <source>Remove the NUL character.</source>
        <translation>Entfernen Sie das NUL-Zeichen.</translation>
    </message>
    <message>
        <source>Remove the control character (newline, tab, …) from the path.</source>
        <translation>Entfernen Sie das Steuerzeichen (Zeilenumbruch, Tabulator, …) aus dem Pfad.</translation>
    </message>
    <message>
        <source>Only the workspace is reachable; give a path relative to its root.</source>
        <translation>Nur der Arbeitsordner ist erreichbar; geben Sie einen Pfad relativ zu seiner Wurzel an.</translation>
    </message>
    <message>
        <source>Use &apos;/&apos; to separate directories, e.g. &apos;src/main.py&apos;.</source>
        <translation>Trennen Sie Verzeichnisse mit &apos;/&apos;, z. B. &apos;src/main.py&apos;.</translation>
    </message>
    <message>
        <source>Only the workspace is reachable; remove the &apos;..&apos; that leaves it.</source>
        <translation>Nur der Arbeitsordner ist erreichbar; entfernen Sie das &apos;..&apos;, das ihn verlässt.</translation>
    </message>
    <message>
        <source>Name a file inside the workspace instead.</source>
        <translation>Nennen Sie stattdessen eine Datei innerhalb des Arbeitsordners.</translation>
    </message>
    <message>
        <source>The links form a loop; name the real file instead.</source>
        <translation>Die Links bilden eine Schleife; nennen Sie stattdessen die echte Datei.</translation>
    </message>
    <message>
        <source>there is no tool named {tool!r}, and no tools are available in this turn. Answer without tools.</source>
        <translation>es gibt kein Werkzeug namens {tool!r}, und in dieser Runde sind keine Werkzeuge verfügbar. Antworten Sie ohne Werkzeuge.</translation>
    </message>
    <message>
        <source> Did you mean {near}?</source>
        <translation> Meinten Sie {near}?</translation>
    </message>
    <message>
        <source>there is no tool named {tool!r}.{hint} The available tools are: {tools}. Call one of those.</source>
        <translation>es gibt kein Werkzeug namens {tool!r}.{hint} Die verfügbaren Werkzeuge sind: {tools}. Rufen Sie eines davon auf.</translation>
    </message>
    <message>
        <source>the path is empty</source>
        <translation>der Pfad ist leer</translation>
    </message>
    <message>
        <source>the path contains a NUL character</source>
        <translation>der Pfad enthält ein NUL-Zeichen</translation>
    </message>
    <message>
        <source>the path contains a control character</source>
        <translation>der Pfad enthält ein Steuerzeichen</translation>
    </message>
    <message>
        <source>{raw!r} starts with &apos;~&apos; (a home directory, outside the workspace)</source>
        <translation>{raw!r} beginnt mit &apos;~&apos; (ein Benutzerordner, außerhalb des Arbeitsordners)</translation>
    </message>
    <message>
        <source>{raw!r} contains a backslash; use &apos;/&apos; between directories</source>
        <translation>{raw!r} enthält einen Backslash; verwenden Sie &apos;/&apos; zwischen Verzeichnissen</translation>
    </message>
    <message>
        <source>{raw!r} is an absolute path</source>
        <translation>{raw!r} ist ein absoluter Pfad</translation>
    </message>
    <message>
        <source>{raw!r} climbs above the workspace root with &apos;..&apos;</source>
        <translation>{raw!r} steigt mit &apos;..&apos; über die Wurzel des Arbeitsordners hinaus</translation>
    </message>
    <message>
        <source>&apos;..&apos; climbs above the {root} root</source>
        <translation>&apos;..&apos; steigt über die Wurzel von {root} hinaus</translation>
    </message>
    <message>
        <source>{key!r} is a link that leads outside the workspace</source>
        <translation>{key!r} ist ein Link, der aus dem Arbeitsordner herausführt</translation>
    </message>
    <message>
        <source>{key!r} is part of a link loop</source>
        <translation>{key!r} ist Teil einer Link-Schleife</translation>
    </message>
    <message>
        <source>{name} runs a command as another user</source>
        <translation>{name} führt einen Befehl als anderer Benutzer aus</translation>
    </message>
    <message>
        <source>what {name} runs is only known at run time</source>
        <translation>was {name} ausführt, ist erst zur Laufzeit bekannt</translation>
    </message>
    <message>
        <source>env option {option!r} (e.g. -S, -C) is not modelled</source>
        <translation>die env-Option {option!r} (z. B. -S, -C) wird nicht ausgewertet</translation>
    </message>
    <message>
        <source>{name} option {option!r} is not modelled</source>
        <translation>die {name}-Option {option!r} wird nicht ausgewertet</translation>
    </message>
    <message>
        <source>{name} needs a plain duration before the command</source>
        <translation>{name} braucht vor dem Befehl eine einfache Zeitangabe</translation>
    </message>
    <message>
        <source>{name} without a command</source>
        <translation>{name} ohne Befehl</translation>
    </message>
    <message>
        <source>{name} {option} only looks a name up</source>
        <translation>{name} {option} schlägt nur einen Namen nach</translation>
    </message>
    <message>
        <source>{name} {option} with a run-time argument</source>
        <translation>{name} {option} mit einem erst zur Laufzeit bekannten Argument</translation>
    </message>
    <message>
        <source>xargs {option} needs a plain value</source>
        <translation>xargs {option} braucht einen einfachen Wert</translation>
    </message>
    <message>
        <source>xargs option {option!r} is not modelled</source>
        <translation>die xargs-Option {option!r} wird nicht ausgewertet</translation>
    </message>
    <message>
        <source>{name} {option} option is not modelled</source>
        <translation>die Option {option} von {name} wird nicht ausgewertet</translation>
    </message>
    <message>
        <source>{name} option {option!r} (login, interactive, stdin) is not modelled</source>
        <translation>die {name}-Option {option!r} (Login, interaktiv, stdin) wird nicht ausgewertet</translation>
    </message>
    <message>
        <source>{name} -c without a script</source>
        <translation>{name} -c ohne Skript</translation>
    </message>
    <message>
        <source>the script {name} -c runs is only known at run time</source>
        <translation>das Skript, das {name} -c ausführt, ist erst zur Laufzeit bekannt</translation>
    </message>
</context>
<context>
    <name>GlobalShortcut</name>
    <message>
        <source>Wayland does not let applications take a key from the whole desktop. Add a shortcut in your desktop&apos;s keyboard settings that runs: parley quick</source>
        <translation>Wayland erlaubt Anwendungen nicht, eine Taste für die ganze Arbeitsumgebung zu belegen. Legen Sie in den Tastatureinstellungen Ihrer Arbeitsumgebung ein Tastenkürzel an, das Folgendes ausführt: parley quick</translation>
    </message>
    <message>
        <source>A desktop-wide shortcut is not available here ({platform}). Use the tray menu, or give your system&apos;s shortcut settings the command: parley quick</source>
        <translation>Ein Tastenkürzel für die ganze Arbeitsumgebung ist hier nicht verfügbar ({platform}). Verwenden Sie das Menü im Infobereich, oder tragen Sie in den Tastenkürzel-Einstellungen Ihres Systems den Befehl ein: parley quick</translation>
    </message>
    <message>
        <source>“{text}” is not a key chord (e.g. {chord}).</source>
        <translation>„{text}“ ist keine Tastenkombination (z. B. {chord}).</translation>
    </message>
    <message>
        <source>{text} needs Ctrl, Alt or Super: a key alone belongs to every program.</source>
        <translation>{text} braucht Strg, Alt oder Super: Eine Taste allein gehört allen Programmen.</translation>
    </message>
    <message>
        <source>{text}: that key cannot be used; choose a letter, Space or F1 to F12.</source>
        <translation>{text}: Diese Taste kann nicht verwendet werden; wählen Sie einen Buchstaben, die Leertaste oder F1 bis F12.</translation>
    </message>
    <message>
        <source>libxcb is not available: {e}</source>
        <translation>libxcb ist nicht verfügbar: {e}</translation>
    </message>
    <message>
        <source>Cannot reach the X display.</source>
        <translation>Die X-Anzeige ist nicht erreichbar.</translation>
    </message>
    <message>
        <source>The keyboard has no key for {chord}.</source>
        <translation>Die Tastatur hat keine Taste für {chord}.</translation>
    </message>
    <message>
        <source>Another application already uses {chord}.</source>
        <translation>Eine andere Anwendung verwendet {chord} bereits.</translation>
    </message>
    <message>
        <source>The X server refused {chord} (error {code}).</source>
        <translation>Der X-Server hat {chord} abgelehnt (Fehler {code}).</translation>
    </message>
    <message>
        <source>The X display connection was lost.</source>
        <translation>Die Verbindung zur X-Anzeige ist verloren gegangen.</translation>
    </message>
</context>
<context>
    <name>History</name>
    <message>
        <source>nothing can be saved: the history {path} is open read-only ({why})</source>
        <translation>nichts kann gespeichert werden: Der Verlauf {path} ist nur lesend geöffnet ({why})</translation>
    </message>
    <message>
        <source>cannot read the event store {path}: {detail}</source>
        <translation>der Ereignisspeicher {path} kann nicht gelesen werden: {detail}</translation>
    </message>
</context>
<context>
    <name>HistoryFilters</name>
    <message>
        <source>Any time</source>
        <translation>Beliebige Zeit</translation>
    </message>
    <message>
        <source>Today</source>
        <translation>Heute</translation>
    </message>
    <message>
        <source>Last 7 days</source>
        <translation>Letzte 7 Tage</translation>
    </message>
    <message>
        <source>Last 30 days</source>
        <translation>Letzte 30 Tage</translation>
    </message>
    <message>
        <source>Last 12 months</source>
        <translation>Letzte 12 Monate</translation>
    </message>
    <message>
        <source>Custom range…</source>
        <translation>Eigener Zeitraum…</translation>
    </message>
    <message>
        <source>Only conversations whose estimated cost is at least this amount (e.g. 0.50), priced with Settings → Prices; a conversation without a price is left out</source>
        <translation>Nur Unterhaltungen, deren geschätzte Kosten mindestens diesen Betrag erreichen (z. B. 0.50), berechnet mit Einstellungen → Preise; eine Unterhaltung ohne Preis wird ausgelassen</translation>
    </message>
    <message>
        <source>Any status</source>
        <translation>Jeder Status</translation>
    </message>
    <message>
        <source>Has a failed turn</source>
        <translation>Mit fehlgeschlagener Runde</translation>
    </message>
    <message>
        <source>Has a cancelled turn</source>
        <translation>Mit abgebrochener Runde</translation>
    </message>
    <message>
        <source>Has an interrupted turn</source>
        <translation>Mit unterbrochener Runde</translation>
    </message>
    <message>
        <source>Has a timed-out turn</source>
        <translation>Mit Runde über der Zeit</translation>
    </message>
    <message>
        <source>Has a completed turn</source>
        <translation>Mit abgeschlossener Runde</translation>
    </message>
    <message>
        <source>Any verdict</source>
        <translation>Jede Entscheidung</translation>
    </message>
    <message>
        <source>Has a refused action</source>
        <translation>Mit verweigerter Aktion</translation>
    </message>
    <message>
        <source>Has an action that asked</source>
        <translation>Mit nachgefragter Aktion</translation>
    </message>
    <message>
        <source>Has a rejected action</source>
        <translation>Mit abgelehnter Aktion</translation>
    </message>
    <message>
        <source>Has a dropped action</source>
        <translation>Mit verworfener Aktion</translation>
    </message>
    <message>
        <source>Has an action allowed by the user</source>
        <translation>Mit vom Nutzer erlaubter Aktion</translation>
    </message>
</context>
<context>
    <name>HistoryStores</name>
    <message>
        <source>Team store ({address})</source>
        <translation>Team-Speicher ({address})</translation>
    </message>
</context>
<context>
    <name>HistoryTable</name>
    <message>
        <source>Title</source>
        <translation>Titel</translation>
    </message>
    <message>
        <source>Workspace</source>
        <translation>Arbeitsordner</translation>
    </message>
    <message>
        <source>First activity</source>
        <translation>Erste Aktivität</translation>
    </message>
    <message>
        <source>Last activity</source>
        <translation>Letzte Aktivität</translation>
    </message>
    <message>
        <source>Models</source>
        <translation>Modelle</translation>
    </message>
    <message>
        <source>Turns</source>
        <translation>Runden</translation>
    </message>
    <message>
        <source>Tokens in</source>
        <translation>Token ein</translation>
    </message>
    <message>
        <source>Tokens out</source>
        <translation>Token aus</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>Kosten</translation>
    </message>
    <message>
        <source>Failures</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>Member</source>
        <translation>Mitglied</translation>
    </message>
    <message>
        <source>{count:,} turn(s) failed, timed out or were interrupted</source>
        <translation>{count:,} Runde(n) fehlgeschlagen, mit Zeitüberschreitung oder unterbrochen</translation>
    </message>
    <message>
        <source>an action was refused by the gate or rejected by you</source>
        <translation>eine Aktion wurde von der Freigabeprüfung verweigert oder von Ihnen abgelehnt</translation>
    </message>
    <message>
        <source>a turn was stopped before it finished</source>
        <translation>eine Runde wurde vor ihrem Ende angehalten</translation>
    </message>
    <message>
        <source>every turn completed</source>
        <translation>jede Runde wurde abgeschlossen</translation>
    </message>
    <message>
        <source>no turn yet</source>
        <translation>noch keine Runde</translation>
    </message>
</context>
<context>
    <name>HistoryWindow</name>
    <message>
        <source>Parley — History</source>
        <translation>Parley – Verlauf</translation>
    </message>
    <message>
        <source>Conversations</source>
        <translation>Unterhaltungen</translation>
    </message>
    <message>
        <source>Number of conversations shown</source>
        <translation>Anzahl der gezeigten Unterhaltungen</translation>
    </message>
    <message>
        <source>History</source>
        <translation>Verlauf</translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation>&amp;Aktualisieren</translation>
    </message>
    <message>
        <source>Export &amp;selected conversation(s)…</source>
        <translation>&amp;Ausgewählte Unterhaltung(en) exportieren…</translation>
    </message>
    <message>
        <source>Export all &amp;shown…</source>
        <translation>Alle &amp;gezeigten exportieren…</translation>
    </message>
    <message>
        <source>Export &amp;everything…</source>
        <translation>Alles &amp;exportieren…</translation>
    </message>
    <message>
        <source>&amp;Verify record</source>
        <translation>Aufzeichnung &amp;prüfen</translation>
    </message>
    <message>
        <source>&amp;Costs per member and model…</source>
        <translation>&amp;Kosten pro Mitglied und Modell…</translation>
    </message>
    <message>
        <source>&amp;Delete conversation…</source>
        <translation>Unterhaltung &amp;löschen…</translation>
    </message>
    <message>
        <source>&amp;Next match</source>
        <translation>&amp;Nächster Treffer</translation>
    </message>
    <message>
        <source>&amp;Close</source>
        <translation>&amp;Schließen</translation>
    </message>
    <message>
        <source>&amp;History</source>
        <translation>&amp;Verlauf</translation>
    </message>
    <message>
        <source>Export: the selected conversations (Ctrl+E), all shown, or everything</source>
        <translation>Exportieren: die ausgewählten Unterhaltungen (Strg+E), alle gezeigten oder alles</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>Exportieren</translation>
    </message>
    <message>
        <source>A menu: the selected conversations, all shown, or everything</source>
        <translation>Ein Menü: die ausgewählten Unterhaltungen, alle gezeigten oder alles</translation>
    </message>
    <message>
        <source>No conversations match</source>
        <translation>Keine Unterhaltung passt</translation>
    </message>
    <message>
        <source>Nothing matches “{text}” with these filters.</source>
        <translation>Nichts passt mit diesen Filtern zu „{text}“.</translation>
    </message>
    <message>
        <source>Nothing matches these filters.</source>
        <translation>Nichts passt zu diesen Filtern.</translation>
    </message>
    <message>
        <source>Try other words, a wider date range, or clear the filters.</source>
        <translation>Versuchen Sie andere Wörter oder einen größeren Zeitraum, oder setzen Sie die Filter zurück.</translation>
    </message>
    <message>
        <source>No history yet</source>
        <translation>Noch kein Verlauf</translation>
    </message>
    <message>
        <source>Every conversation you have in Parley is recorded here: each turn, the model that answered, tool calls and the permission decisions, with tokens and failures. Start a chat in the main window and it appears here, ready to search, verify and export.</source>
        <translation>Jede Unterhaltung in Parley wird hier festgehalten: jede Runde, das antwortende Modell, Werkzeugaufrufe und die Entscheidungen über Berechtigungen, mit Token und Fehlern. Beginnen Sie einen Chat im Hauptfenster, und er erscheint hier, bereit zum Durchsuchen, Prüfen und Exportieren.</translation>
    </message>
    <message>
        <source>Loading…</source>
        <translation>Wird geladen…</translation>
    </message>
    <message>
        <source>Costs are summed on a team store: pick one in the store picker.</source>
        <translation>Kosten werden auf einem Team-Speicher summiert: Wählen Sie einen in der Speicherauswahl.</translation>
    </message>
    <message>
        <source>Cannot sum the costs: {exc}</source>
        <translation>Kosten können nicht summiert werden: {exc}</translation>
    </message>
    <message>
        <source>Cannot read the team store: {exc}</source>
        <translation>Team-Speicher nicht lesbar: {exc}</translation>
    </message>
    <message>
        <source>Cannot read the history: {exc}</source>
        <translation>Verlauf nicht lesbar: {exc}</translation>
    </message>
    <message>
        <source>Loading “{value}”…</source>
        <translation>„{value}“ wird geladen…</translation>
    </message>
    <message>
        <source>Cannot read this conversation: {exc}</source>
        <translation>Diese Unterhaltung ist nicht lesbar: {exc}</translation>
    </message>
    <message>
        <source>Select a conversation to export.</source>
        <translation>Wählen Sie eine Unterhaltung zum Exportieren.</translation>
    </message>
    <message>
        <source>No conversation is shown.</source>
        <translation>Es wird keine Unterhaltung gezeigt.</translation>
    </message>
    <message>
        <source>This Parley cannot export {value} yet; use JSON.</source>
        <translation>Dieses Parley kann {value} noch nicht exportieren; verwenden Sie JSON.</translation>
    </message>
    <message>
        <source>Exporting to {path}…</source>
        <translation>Export nach {path}…</translation>
    </message>
    <message>
        <source>Exported to {written}</source>
        <translation>Exportiert nach {written}</translation>
    </message>
    <message>
        <source>Cannot export to {path}: {exc}</source>
        <translation>Export nach {path} nicht möglich: {exc}</translation>
    </message>
    <message>
        <source>Select a conversation to verify.</source>
        <translation>Wählen Sie eine Unterhaltung zum Prüfen.</translation>
    </message>
    <message>
        <source>The record is intact: {count} events checked.</source>
        <translation>Die Aufzeichnung ist intakt: {count} Ereignisse geprüft.</translation>
    </message>
    <message>
        <source>The record does not verify: event {event} — {reason} ({count} events checked).</source>
        <translation>Die Aufzeichnung besteht die Prüfung nicht: Ereignis {event} – {reason} ({count} Ereignisse geprüft).</translation>
    </message>
    <message>
        <source>Verify record</source>
        <translation>Aufzeichnung prüfen</translation>
    </message>
    <message>
        <source>Cannot verify: {exc}</source>
        <translation>Prüfen nicht möglich: {exc}</translation>
    </message>
    <message>
        <source>Select a conversation to delete.</source>
        <translation>Wählen Sie eine Unterhaltung zum Löschen.</translation>
    </message>
    <message>
        <source>Delete conversation</source>
        <translation>Unterhaltung löschen</translation>
    </message>
    <message>
        <source>Delete “{value}” and all of its {turns} turns? This cannot be undone.</source>
        <translation>„{value}“ und alle {turns} Runden löschen? Das kann nicht rückgängig gemacht werden.</translation>
    </message>
    <message>
        <source>Deleted “{title}” ({count} events).</source>
        <translation>„{title}“ gelöscht ({count} Ereignisse).</translation>
    </message>
    <message>
        <source>Cannot delete: {exc}</source>
        <translation>Löschen nicht möglich: {exc}</translation>
    </message>
</context>
<context>
    <name>ImportDialog</name>
    <message>
        <source>Import MCP servers</source>
        <translation>MCP-Server importieren</translation>
    </message>
    <message>
        <source>Configuration to import</source>
        <translation>Zu importierende Konfiguration</translation>
    </message>
    <message>
        <source>Choose file…</source>
        <translation>Datei wählen…</translation>
    </message>
    <message>
        <source>Choose a configuration file</source>
        <translation>Konfigurationsdatei wählen</translation>
    </message>
    <message>
        <source>What will be imported</source>
        <translation>Was importiert wird</translation>
    </message>
    <message>
        <source>Import</source>
        <translation>Importieren</translation>
    </message>
    <message>
        <source>Paste the contents of claude_desktop_config.json, Cursor&apos;s mcp.json or VS Code&apos;s mcp.json, or choose the file. Secret values (keys, tokens) go to the system keyring, never to Parley&apos;s settings file.</source>
        <translation>Fügen Sie den Inhalt von claude_desktop_config.json, der mcp.json von Cursor oder der mcp.json von VS Code ein, oder wählen Sie die Datei. Geheime Werte (Schlüssel, Tokens) kommen in den Schlüsselbund des Systems, nie in die Einstellungsdatei von Parley.</translation>
    </message>
    <message>
        <source>MCP configuration</source>
        <translation>MCP-Konfiguration</translation>
    </message>
    <message>
        <source>Cannot read {path}: {exc}</source>
        <translation>{path} nicht lesbar: {exc}</translation>
    </message>
    <message>
        <source>Nothing to import: {exc}</source>
        <translation>Nichts zu importieren: {exc}</translation>
    </message>
</context>
<context>
    <name>KeySource</name>
    <message>
        <source>env {variable}</source>
        <translation>Umgebungsvariable {variable}</translation>
    </message>
    <message>
        <source>keyring</source>
        <translation>Schlüsselbund</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
</context>
<context>
    <name>Keyring</name>
    <message>
        <source>no system keyring is available ({problem}); set the key in an environment variable instead</source>
        <translation>kein Schlüsselbund des Systems verfügbar ({problem}); legen Sie den Schlüssel stattdessen in einer Umgebungsvariablen ab</translation>
    </message>
    <message>
        <source>the system keyring ({backend})</source>
        <translation>der Schlüsselbund des Systems ({backend})</translation>
    </message>
    <message>
        <source>the system keyring (unavailable)</source>
        <translation>der Schlüsselbund des Systems (nicht verfügbar)</translation>
    </message>
    <message>
        <source>{store} did not keep the key for {provider!r}; set the key in an environment variable instead</source>
        <translation>{store} hat den Schlüssel für {provider!r} nicht behalten; legen Sie den Schlüssel stattdessen in einer Umgebungsvariablen ab</translation>
    </message>
    <message>
        <source>an empty key cannot be stored</source>
        <translation>ein leerer Schlüssel kann nicht gespeichert werden</translation>
    </message>
    <message>
        <source>the keyring library failed to start: {detail}</source>
        <translation>die Schlüsselbund-Bibliothek konnte nicht starten: {detail}</translation>
    </message>
    <message>
        <source>the system keyring ({backend}) could not read the key: {detail}</source>
        <translation>der Schlüsselbund des Systems ({backend}) konnte den Schlüssel nicht lesen: {detail}</translation>
    </message>
    <message>
        <source>the system keyring ({backend}) could not store the key: {detail}</source>
        <translation>der Schlüsselbund des Systems ({backend}) konnte den Schlüssel nicht speichern: {detail}</translation>
    </message>
    <message>
        <source>the system keyring ({backend}) could not delete the key: {detail}</source>
        <translation>der Schlüsselbund des Systems ({backend}) konnte den Schlüssel nicht löschen: {detail}</translation>
    </message>
    <message>
        <source>no keyring backend was found; on Linux a Secret Service such as GNOME Keyring or KWallet must be running in the desktop session</source>
        <translation>kein Schlüsselbund-Backend gefunden; unter Linux muss ein Secret Service wie GNOME Keyring oder KWallet in der Desktop-Sitzung laufen</translation>
    </message>
    <message>
        <source>only backends that keep keys in plain files were found ({names})</source>
        <translation>nur Backends gefunden, die Schlüssel in einfachen Dateien ablegen ({names})</translation>
    </message>
    <message>
        <source>the configured backend {backend} would keep keys in a plain file or nowhere, which Parley refuses</source>
        <translation>das eingestellte Backend {backend} würde Schlüssel in einer einfachen Datei oder gar nicht ablegen; das lehnt Parley ab</translation>
    </message>
</context>
<context>
    <name>Knowledge</name>
    <message>
        <source>added</source>
        <translation>hinzugefügt</translation>
    </message>
    <message>
        <source>updated</source>
        <translation>aktualisiert</translation>
    </message>
    <message>
        <source>removed</source>
        <translation>entfernt</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>unchanged</source>
        <translation>unverändert</translation>
    </message>
    <message>
        <source>no files</source>
        <translation>keine Dateien</translation>
    </message>
    <message>
        <source>{text}; {chunks:,} chunks indexed</source>
        <translation>{text}; {chunks:,} Abschnitte indiziert</translation>
    </message>
    <message>
        <source>{text}; {over_cap:,} files past the limit of {limit:,} were left out</source>
        <translation>{text}; {over_cap:,} Dateien über der Grenze von {limit:,} wurden ausgelassen</translation>
    </message>
    <message>
        <source>Stopped: {text}</source>
        <translation>Angehalten: {text}</translation>
    </message>
    <message>
        <source>the knowledge folder {root} does not exist or is not a folder</source>
        <translation>der Wissensordner {root} existiert nicht oder ist kein Ordner</translation>
    </message>
    <message>
        <source>the knowledge folder {root} cannot be read ({detail})</source>
        <translation>der Wissensordner {root} kann nicht gelesen werden ({detail})</translation>
    </message>
    <message>
        <source>the knowledge folder {folder} is already being indexed</source>
        <translation>der Wissensordner {folder} wird bereits indiziert</translation>
    </message>
    <message>
        <source>{name} is an image; a knowledge folder indexes text</source>
        <translation>{name} ist ein Bild; ein Wissensordner indiziert Text</translation>
    </message>
    <message>
        <source>the {api} embeddings endpoint {url} did not answer in time</source>
        <translation>der {api}-Embeddings-Endpunkt {url} hat nicht rechtzeitig geantwortet</translation>
    </message>
    <message>
        <source>the {api} embeddings endpoint {url} could not be reached ({error})</source>
        <translation>der {api}-Embeddings-Endpunkt {url} war nicht erreichbar ({error})</translation>
    </message>
    <message>
        <source>the {api} embeddings endpoint {url} answered HTTP {status}: {detail} (model {model})</source>
        <translation>der {api}-Embeddings-Endpunkt {url} hat mit HTTP {status} geantwortet: {detail} (Modell {model})</translation>
    </message>
    <message>
        <source>{name} ({kind}) has no embeddings endpoint; pick an OpenAI-compatible, Ollama or Gemini provider for embeddings</source>
        <translation>{name} ({kind}) hat keinen Embeddings-Endpunkt; wählen Sie für Embeddings einen OpenAI-kompatiblen, Ollama- oder Gemini-Anbieter</translation>
    </message>
    <message>
        <source>{name} has {chars:,} characters; the index takes at most {limit:,} per document</source>
        <translation>{name} hat {chars:,} Zeichen; der Index nimmt höchstens {limit:,} pro Dokument auf</translation>
    </message>
    <message>
        <source>{name} would make more than {limit:,} chunks</source>
        <translation>{name} ergäbe mehr als {limit:,} Abschnitte</translation>
    </message>
    <message>
        <source>{name} was indexed for word search only: {problem}</source>
        <translation>{name} wurde nur für die Stichwortsuche indiziert: {problem}</translation>
    </message>
    <message>
        <source>Could not empty the index: {exc}</source>
        <translation>Der Index konnte nicht geleert werden: {exc}</translation>
    </message>
</context>
<context>
    <name>KnowledgeController</name>
    <message>
        <source>Knowledge folder of {name}: {message}</source>
        <translation>Wissensordner von {name}: {message}</translation>
    </message>
</context>
<context>
    <name>KnowledgeNotices</name>
    <message>
        <source>A project</source>
        <translation>Ein Projekt</translation>
    </message>
    <message>
        <source>Knowledge folder indexed</source>
        <translation>Wissensordner indiziert</translation>
    </message>
    <message>
        <source>Indexing did not finish</source>
        <translation>Indizierung nicht abgeschlossen</translation>
    </message>
</context>
<context>
    <name>LanguagePicker</name>
    <message>
        <source>&amp;Language</source>
        <translation>&amp;Sprache</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>Sprache</translation>
    </message>
    <message>
        <source>System language</source>
        <translation>Systemsprache</translation>
    </message>
    <message>
        <source>Parley shows this language the next time it starts.</source>
        <translation>Parley zeigt diese Sprache beim nächsten Start.</translation>
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
        <translation>Kopieren</translation>
    </message>
</context>
<context>
    <name>McpClaims</name>
    <message>
        <source>read-only</source>
        <translation>nur lesend</translation>
    </message>
    <message>
        <source>may change things</source>
        <translation>kann Dinge ändern</translation>
    </message>
    <message>
        <source>destructive</source>
        <translation>destruktiv</translation>
    </message>
    <message>
        <source>not destructive</source>
        <translation>nicht destruktiv</translation>
    </message>
    <message>
        <source>idempotent</source>
        <translation>idempotent</translation>
    </message>
    <message>
        <source>reaches outside (open world)</source>
        <translation>greift nach außen (offene Welt)</translation>
    </message>
    <message>
        <source>closed world</source>
        <translation>geschlossene Welt</translation>
    </message>
    <message>
        <source>no claims</source>
        <translation>keine Angaben</translation>
    </message>
</context>
<context>
    <name>McpError</name>
    <message>
        <source>MCP server {server!r}: {message}</source>
        <translation>MCP-Server {server!r}: {message}</translation>
    </message>
    <message>
        <source>the MCP client is closed</source>
        <translation>der MCP-Client ist geschlossen</translation>
    </message>
    <message>
        <source>the call was cancelled</source>
        <translation>der Aufruf wurde abgebrochen</translation>
    </message>
    <message>
        <source>no answer within {seconds:g} s</source>
        <translation>keine Antwort innerhalb von {seconds:g} s</translation>
    </message>
    <message>
        <source>no answer in time</source>
        <translation>keine Antwort in der vorgesehenen Zeit</translation>
    </message>
    <message>
        <source>{error} (it failed to start {waited:.0f} s ago; Parley tries again {retry:g} s after a failed start)</source>
        <translation>{error} (der Start ist vor {waited:.0f} s fehlgeschlagen; Parley versucht es {retry:g} s nach einem fehlgeschlagenen Start erneut)</translation>
    </message>
    <message>
        <source>cannot open its log: {error}</source>
        <translation>sein Protokoll lässt sich nicht öffnen: {error}</translation>
    </message>
    <message>
        <source>did not finish starting within {seconds:g} s</source>
        <translation>Start nicht innerhalb von {seconds:g} s abgeschlossen</translation>
    </message>
    <message>
        <source>start interrupted</source>
        <translation>Start unterbrochen</translation>
    </message>
    <message>
        <source>the secret {what} is not set (keyring)</source>
        <translation>das Geheimnis {what} ist nicht gesetzt (Schlüsselbund)</translation>
    </message>
    <message>
        <source>variable {name}</source>
        <translation>Variable {name}</translation>
    </message>
    <message>
        <source>header {name}</source>
        <translation>Header {name}</translation>
    </message>
    <message>
        <source>cannot run {command!r}: {error}</source>
        <translation>{command!r} kann nicht ausgeführt werden: {error}</translation>
    </message>
    <message>
        <source>the session was stopped</source>
        <translation>die Sitzung wurde beendet</translation>
    </message>
    <message>
        <source>the server refused to start a session: {error}</source>
        <translation>der Server hat das Starten einer Sitzung abgelehnt: {error}</translation>
    </message>
    <message>
        <source>could not connect: {kind}: {error}</source>
        <translation>keine Verbindung möglich: {kind}: {error}</translation>
    </message>
    <message>
        <source>OAuth is for HTTP servers, not stdio</source>
        <translation>OAuth gilt für HTTP-Server, nicht für stdio</translation>
    </message>
    <message>
        <source>no command configured</source>
        <translation>kein Befehl konfiguriert</translation>
    </message>
    <message>
        <source>no URL configured</source>
        <translation>keine URL konfiguriert</translation>
    </message>
    <message>
        <source>the server exited with code {code} (see its log)</source>
        <translation>der Server wurde mit Code {code} beendet (siehe sein Protokoll)</translation>
    </message>
    <message>
        <source>the server closed its output (see its log)</source>
        <translation>der Server hat seine Ausgabe geschlossen (siehe sein Protokoll)</translation>
    </message>
    <message>
        <source>the connection closed (see its log)</source>
        <translation>die Verbindung wurde geschlossen (siehe sein Protokoll)</translation>
    </message>
    <message>
        <source>the server answered an error: {error}</source>
        <translation>der Server hat mit einem Fehler geantwortet: {error}</translation>
    </message>
</context>
<context>
    <name>McpNotice</name>
    <message>
        <source>MCP server &apos;{name}&apos; is not configured any more; its tools are not offered.</source>
        <translation>MCP-Server „{name}“ ist nicht mehr konfiguriert; seine Werkzeuge werden nicht angeboten.</translation>
    </message>
    <message>
        <source>Could not use MCP server &apos;{name}&apos;: {error}. Fix it in Settings → MCP servers; the turn goes on without its tools.</source>
        <translation>MCP-Server „{name}“ konnte nicht verwendet werden: {error}. Beheben Sie das unter Einstellungen → MCP-Server; die Runde läuft ohne seine Werkzeuge weiter.</translation>
    </message>
    <message>
        <source>MCP server &apos;{name}&apos; is turned off in Settings; its tools are not offered.</source>
        <translation>MCP-Server „{name}“ ist in den Einstellungen ausgeschaltet; seine Werkzeuge werden nicht angeboten.</translation>
    </message>
    <message>
        <source>MCP server &apos;{name}&apos; could not list its tools ({error}); the turn goes on without them. Its log: {log}</source>
        <translation>MCP-Server „{name}“ konnte seine Werkzeuge nicht auflisten ({error}); die Runde läuft ohne sie weiter. Sein Protokoll: {log}</translation>
    </message>
    <message>
        <source>Tool {tool} of MCP server {server} timed out after {seconds:g} s. Its log: {log}</source>
        <translation>Werkzeug {tool} des MCP-Servers {server} hat nach {seconds:g} s die Zeit überschritten. Sein Protokoll: {log}</translation>
    </message>
    <message>
        <source>MCP server {server} failed on {tool}: {error}. Its log: {log}</source>
        <translation>MCP-Server {server} ist bei {tool} gescheitert: {error}. Sein Protokoll: {log}</translation>
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
        <translation>Argumente des Prompts {shown}</translation>
    </message>
    <message>
        <source>{name} — a prompt of the MCP server {server}</source>
        <translation>{name} – ein Prompt des MCP-Servers {server}</translation>
    </message>
    <message>
        <source>* required</source>
        <translation>* erforderlich</translation>
    </message>
    <message>
        <source>Prompt arguments error</source>
        <translation>Fehler in den Prompt-Argumenten</translation>
    </message>
    <message>
        <source>Use prompt</source>
        <translation>Prompt verwenden</translation>
    </message>
    <message>
        <source>Fill in {names}: the server needs them.</source>
        <translation>Füllen Sie {names} aus: Der Server braucht sie.</translation>
    </message>
    <message>
        <source>Fill in {names}: the server needs it.</source>
        <translation>Füllen Sie {names} aus: Der Server braucht es.</translation>
    </message>
</context>
<context>
    <name>McpPromptsController</name>
    <message>
        <source>No prompts from {name}: {message}</source>
        <translation>Keine Prompts von {name}: {message}</translation>
    </message>
    <message>
        <source>{text} is not offered in this conversation any more (its server was turned off or changed).</source>
        <translation>{text} wird in dieser Unterhaltung nicht mehr angeboten (sein Server wurde ausgeschaltet oder geändert).</translation>
    </message>
    <message>
        <source>Getting the prompt {command}…</source>
        <translation>Prompt {command} wird abgerufen…</translation>
    </message>
    <message>
        <source>Could not use {command}: MCP server {name!r} returned an empty prompt</source>
        <translation>{command} konnte nicht verwendet werden: Der MCP-Server {name!r} lieferte einen leeren Prompt</translation>
    </message>
    <message>
        <source>Could not use {command}: MCP server {name!r} returned a prompt of {n_text:,} characters, more than the {MAX_PROMPT_CHARS:,} the prompt box takes</source>
        <translation>{command} konnte nicht verwendet werden: Der MCP-Server {name!r} lieferte einen Prompt mit {n_text:,} Zeichen, mehr als die {MAX_PROMPT_CHARS:,}, die das Eingabefeld aufnimmt</translation>
    </message>
    <message>
        <source>Could not use {command}: {message}</source>
        <translation>{command} konnte nicht verwendet werden: {message}</translation>
    </message>
</context>
<context>
    <name>McpResourcePicker</name>
    <message>
        <source>Attach from an MCP server</source>
        <translation>Von einem MCP-Server anhängen</translation>
    </message>
    <message>
        <source>Attach resources from MCP servers</source>
        <translation>Ressourcen von MCP-Servern anhängen</translation>
    </message>
    <message>
        <source>Filter by name, URI or description</source>
        <translation>Nach Name, URI oder Beschreibung filtern</translation>
    </message>
    <message>
        <source>Filter resources</source>
        <translation>Ressourcen filtern</translation>
    </message>
    <message>
        <source>Resources</source>
        <translation>Ressourcen</translation>
    </message>
    <message>
        <source>Attach</source>
        <translation>Anhängen</translation>
    </message>
    <message>
        <source>Could not list the resources of MCP server &apos;{server}&apos;: {reason}.</source>
        <translation>Die Ressourcen des MCP-Servers &apos;{server}&apos; konnten nicht aufgelistet werden: {reason}.</translation>
    </message>
    <message>
        <source>{line} Its log: {where}</source>
        <translation>{line} Sein Protokoll: {where}</translation>
    </message>
    <message>
        <source>No MCP server is chosen for this conversation (Tools → MCP servers).</source>
        <translation>Für diese Unterhaltung ist kein MCP-Server gewählt (Werkzeuge → MCP-Server).</translation>
    </message>
    <message>
        <source>Loading… (waiting for {servers})</source>
        <translation>Wird geladen… (wartet auf {servers})</translation>
    </message>
    <message>
        <source>These servers offer no resources.</source>
        <translation>Diese Server bieten keine Ressourcen an.</translation>
    </message>
</context>
<context>
    <name>McpServersPage</name>
    <message>
        <source>Command on this computer (stdio)</source>
        <translation>Befehl auf diesem Computer (stdio)</translation>
    </message>
    <message>
        <source>Streamable HTTP (a URL)</source>
        <translation>Streamable HTTP (eine URL)</translation>
    </message>
    <message>
        <source>Legacy HTTP + SSE (old servers)</source>
        <translation>Altes HTTP + SSE (ältere Server)</translation>
    </message>
    <message>
        <source>Default</source>
        <translation>Standard</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Ausführen</translation>
    </message>
    <message>
        <source>Ask</source>
        <translation>Fragen</translation>
    </message>
    <message>
        <source>Deny</source>
        <translation>Ablehnen</translation>
    </message>
    <message>
        <source>Tool</source>
        <translation>Werkzeug</translation>
    </message>
    <message>
        <source>What the server claims</source>
        <translation>Was der Server angibt</translation>
    </message>
    <message>
        <source>Policy</source>
        <translation>Richtlinie</translation>
    </message>
    <message>
        <source>{detail}
Failed: {error}
Log: {log}</source>
        <translation>{detail}
Fehlgeschlagen: {error}
Protokoll: {log}</translation>
    </message>
    <message>
        <source>{detail}
Failed: {error}</source>
        <translation>{detail}
Fehlgeschlagen: {error}</translation>
    </message>
    <message>
        <source>MCP servers</source>
        <translation>MCP-Server</translation>
    </message>
    <message>
        <source>Add server</source>
        <translation>Server hinzufügen</translation>
    </message>
    <message>
        <source>Add MCP server</source>
        <translation>MCP-Server hinzufügen</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Entfernen</translation>
    </message>
    <message>
        <source>Remove MCP server</source>
        <translation>MCP-Server entfernen</translation>
    </message>
    <message>
        <source>Import…</source>
        <translation>Importieren…</translation>
    </message>
    <message>
        <source>Import MCP servers from another app</source>
        <translation>MCP-Server aus einer anderen App importieren</translation>
    </message>
    <message>
        <source>Problems in the settings file</source>
        <translation>Probleme in der Einstellungsdatei</translation>
    </message>
    <message>
        <source>Server name</source>
        <translation>Servername</translation>
    </message>
    <message>
        <source>e.g. github</source>
        <translation>z. B. github</translation>
    </message>
    <message>
        <source>Transport</source>
        <translation>Transport</translation>
    </message>
    <message>
        <source>Enabled</source>
        <translation>Aktiviert</translation>
    </message>
    <message>
        <source>Server enabled</source>
        <translation>Server aktiviert</translation>
    </message>
    <message>
        <source>Command</source>
        <translation>Befehl</translation>
    </message>
    <message>
        <source>e.g. npx, uvx, node, /path/to/server</source>
        <translation>z. B. npx, uvx, node, /pfad/zum/server</translation>
    </message>
    <message>
        <source>Arguments</source>
        <translation>Argumente</translation>
    </message>
    <message>
        <source>e.g. -y @modelcontextprotocol/server-github</source>
        <translation>z. B. -y @modelcontextprotocol/server-github</translation>
    </message>
    <message>
        <source>Working folder</source>
        <translation>Arbeitsverzeichnis</translation>
    </message>
    <message>
        <source>optional</source>
        <translation>optional</translation>
    </message>
    <message>
        <source>Environment variables</source>
        <translation>Umgebungsvariablen</translation>
    </message>
    <message>
        <source>NAME=value, one per line (no secrets here)</source>
        <translation>NAME=Wert, eine pro Zeile (keine Geheimnisse hier)</translation>
    </message>
    <message>
        <source>Server URL</source>
        <translation>Server-URL</translation>
    </message>
    <message>
        <source>https://example.com/mcp</source>
        <translation>https://example.com/mcp</translation>
    </message>
    <message>
        <source>HTTP headers</source>
        <translation>HTTP-Header</translation>
    </message>
    <message>
        <source>Name: value, one per line (no secrets here)</source>
        <translation>Name: Wert, einer pro Zeile (keine Geheimnisse hier)</translation>
    </message>
    <message>
        <source>Sign in with OAuth</source>
        <translation>Mit OAuth anmelden</translation>
    </message>
    <message>
        <source>OAuth sign-in state</source>
        <translation>OAuth-Anmeldestatus</translation>
    </message>
    <message>
        <source>Sign out</source>
        <translation>Abmelden</translation>
    </message>
    <message>
        <source>Sign out of the server (forget its OAuth tokens)</source>
        <translation>Vom Server abmelden (seine OAuth-Tokens vergessen)</translation>
    </message>
    <message>
        <source>Secrets</source>
        <translation>Geheimnisse</translation>
    </message>
    <message>
        <source>Secret name</source>
        <translation>Name des Geheimnisses</translation>
    </message>
    <message>
        <source>Secret value</source>
        <translation>Wert des Geheimnisses</translation>
    </message>
    <message>
        <source>value (hidden; kept in the keyring)</source>
        <translation>Wert (verborgen; im Schlüsselbund aufbewahrt)</translation>
    </message>
    <message>
        <source>Set</source>
        <translation>Setzen</translation>
    </message>
    <message>
        <source>Set the secret</source>
        <translation>Geheimnis setzen</translation>
    </message>
    <message>
        <source>Remove secret</source>
        <translation>Geheimnis entfernen</translation>
    </message>
    <message>
        <source>Remove the selected secret</source>
        <translation>Ausgewähltes Geheimnis entfernen</translation>
    </message>
    <message>
        <source>Time limit in seconds</source>
        <translation>Zeitlimit in Sekunden</translation>
    </message>
    <message>
        <source>Tools the server offers</source>
        <translation>Werkzeuge, die der Server anbietet</translation>
    </message>
    <message>
        <source>Test connection</source>
        <translation>Verbindung testen</translation>
    </message>
    <message>
        <source>Test result</source>
        <translation>Testergebnis</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>Speichern</translation>
    </message>
    <message>
        <source>Save server</source>
        <translation>Server speichern</translation>
    </message>
    <message>
        <source>Server save result</source>
        <translation>Ergebnis beim Speichern des Servers</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>Server</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Lower-case letters, digits, &apos;-&apos; or &apos;_&apos;. Tools are named mcp__NAME__TOOL for the model.</source>
        <translation>Kleinbuchstaben, Ziffern, &apos;-&apos; oder &apos;_&apos;. Für das Modell heißen die Werkzeuge mcp__NAME__TOOL.</translation>
    </message>
    <message>
        <source>How Parley talks to it.</source>
        <translation>Wie Parley mit ihm spricht.</translation>
    </message>
    <message>
        <source>A server that is off offers no tools anywhere.</source>
        <translation>Ein ausgeschalteter Server bietet nirgends Werkzeuge an.</translation>
    </message>
    <message>
        <source>The program that runs the server.</source>
        <translation>Das Programm, das den Server ausführt.</translation>
    </message>
    <message>
        <source>As in a shell: quote an argument with spaces.</source>
        <translation>Wie in einer Shell: Argumente mit Leerzeichen in Anführungszeichen setzen.</translation>
    </message>
    <message>
        <source>Folder</source>
        <translation>Ordner</translation>
    </message>
    <message>
        <source>The folder it starts in.</source>
        <translation>Der Ordner, in dem er startet.</translation>
    </message>
    <message>
        <source>Environment</source>
        <translation>Umgebung</translation>
    </message>
    <message>
        <source>Only these variables (and the secrets below) are passed, not your whole environment.</source>
        <translation>Nur diese Variablen (und die Geheimnisse unten) werden übergeben, nicht Ihre ganze Umgebung.</translation>
    </message>
    <message>
        <source>Address</source>
        <translation>Adresse</translation>
    </message>
    <message>
        <source>URL</source>
        <translation>URL</translation>
    </message>
    <message>
        <source>The server&apos;s endpoint (http:// or https://).</source>
        <translation>Der Endpunkt des Servers (http:// oder https://).</translation>
    </message>
    <message>
        <source>Headers</source>
        <translation>Header</translation>
    </message>
    <message>
        <source>Sent with every request.</source>
        <translation>Wird mit jeder Anfrage gesendet.</translation>
    </message>
    <message>
        <source>For a server that asks you to sign in: your browser opens the first time it is used (or tested), and the tokens go to the system keyring, never to a file.</source>
        <translation>Für einen Server, der eine Anmeldung verlangt: Ihr Browser öffnet sich bei der ersten Verwendung (oder beim Test), und die Tokens kommen in den Schlüsselbund des Systems, nie in eine Datei.</translation>
    </message>
    <message>
        <source>Variables (stdio) or headers (HTTP) whose values are kept in the system keyring, never in a file. Values are written when you save (or test the connection).</source>
        <translation>Variablen (stdio) oder Header (HTTP), deren Werte im Schlüsselbund des Systems aufbewahrt werden, nie in einer Datei. Die Werte werden beim Speichern (oder beim Verbindungstest) geschrieben.</translation>
    </message>
    <message>
        <source>Limits</source>
        <translation>Grenzen</translation>
    </message>
    <message>
        <source>Time limit</source>
        <translation>Zeitlimit</translation>
    </message>
    <message>
        <source>A call that takes longer is stopped.</source>
        <translation>Ein Aufruf, der länger dauert, wird abgebrochen.</translation>
    </message>
    <message>
        <source>Tools and policies</source>
        <translation>Werkzeuge und Richtlinien</translation>
    </message>
    <message>
        <source>What the server says about a tool is a claim: it never lowers what Parley asks. Policy: Run without asking, Ask each time, Deny always, or Default (from the claims, never below your tool setting). “Always for this tool” in a permission prompt is stored here.</source>
        <translation>Was der Server über ein Werkzeug sagt, ist eine Behauptung: Es senkt nie, wonach Parley fragt. Richtlinie: Ohne Nachfrage ausführen, Jedes Mal fragen, Immer ablehnen oder Standard (aus den Angaben, nie unter Ihrer Werkzeugeinstellung). „Immer für dieses Werkzeug“ in einer Berechtigungsabfrage wird hier gespeichert.</translation>
    </message>
    <message>
        <source>No MCP client is available in this Parley.</source>
        <translation>In diesem Parley ist kein MCP-Client verfügbar.</translation>
    </message>
    <message>
        <source>Not usable until fixed: {problem}</source>
        <translation>Nicht nutzbar, bis behoben: {problem}</translation>
    </message>
    <message>
        <source>variable, e.g. GITHUB_TOKEN</source>
        <translation>Variable, z. B. GITHUB_TOKEN</translation>
    </message>
    <message>
        <source>header, e.g. Authorization</source>
        <translation>Header, z. B. Authorization</translation>
    </message>
    <message>
        <source>Signed in: the tokens are in the system keyring.</source>
        <translation>Angemeldet: Die Tokens liegen im Schlüsselbund des Systems.</translation>
    </message>
    <message>
        <source>Not signed in: your browser opens when the server is first used.</source>
        <translation>Nicht angemeldet: Ihr Browser öffnet sich, wenn der Server zum ersten Mal verwendet wird.</translation>
    </message>
    <message>
        <source>Save, then use or test the server to sign in.</source>
        <translation>Speichern Sie, dann verwenden oder testen Sie den Server, um sich anzumelden.</translation>
    </message>
    <message>
        <source>new value, written when you save</source>
        <translation>neuer Wert, wird beim Speichern geschrieben</translation>
    </message>
    <message>
        <source>stored in the keyring</source>
        <translation>im Schlüsselbund gespeichert</translation>
    </message>
    <message>
        <source>no value yet</source>
        <translation>noch kein Wert</translation>
    </message>
    <message>
        <source>A secret needs a name and a value.</source>
        <translation>Ein Geheimnis braucht einen Namen und einen Wert.</translation>
    </message>
    <message>
        <source>A server named {name!r} exists already.</source>
        <translation>Ein Server namens {name!r} existiert bereits.</translation>
    </message>
    <message>
        <source>Saved {name!r}.</source>
        <translation>{name!r} gespeichert.</translation>
    </message>
    <message>
        <source>Not saved: {exc}</source>
        <translation>Nicht gespeichert: {exc}</translation>
    </message>
    <message>
        <source>Not removed: {exc}</source>
        <translation>Nicht entfernt: {exc}</translation>
    </message>
    <message>
        <source>Remove {name!r} and its secrets in the keyring?</source>
        <translation>{name!r} und seine Geheimnisse im Schlüsselbund entfernen?</translation>
    </message>
    <message>
        <source>Not changed: {exc}</source>
        <translation>Nicht geändert: {exc}</translation>
    </message>
    <message>
        <source>{unavailable_reason}. The configuration holds secrets, so nothing was imported.</source>
        <translation>{unavailable_reason}. Die Konfiguration enthält Geheimnisse, daher wurde nichts importiert.</translation>
    </message>
    <message>
        <source>Imported {count} server(s): {names}</source>
        <translation>{count} Server importiert: {names}</translation>
    </message>
    <message>
        <source>Imported {count} server(s)</source>
        <translation>{count} Server importiert</translation>
    </message>
    <message>
        <source>Not imported: {exc}</source>
        <translation>Nicht importiert: {exc}</translation>
    </message>
    <message>
        <source>, protocol {version}</source>
        <translation>, Protokoll {version}</translation>
    </message>
    <message>
        <source> to {who}</source>
        <translation> mit {who}</translation>
    </message>
    <message>
        <source>Connected{value}{version}: {n_tools} tool(s).</source>
        <translation>Verbunden{value}{version}: {n_tools} Werkzeug(e).</translation>
    </message>
    <message>
        <source>{text} (log: {log})</source>
        <translation>{text} (Protokoll: {log})</translation>
    </message>
    <message>
        <source>Failed: {text}</source>
        <translation>Fehlgeschlagen: {text}</translation>
    </message>
    <message>
        <source>Connecting… (sign in in your browser if it opens)</source>
        <translation>Verbindung wird hergestellt… (melden Sie sich im Browser an, falls er sich öffnet)</translation>
    </message>
    <message>
        <source>Connecting…</source>
        <translation>Verbindung wird hergestellt…</translation>
    </message>
    <message>
        <source>Signed out of {name!r} (no keyring: nothing was stored).</source>
        <translation>Von {name!r} abgemeldet (kein Schlüsselbund: nichts war gespeichert).</translation>
    </message>
    <message>
        <source>Signed out of {name!r}: its tokens were deleted from the keyring.</source>
        <translation>Von {name!r} abgemeldet: Seine Tokens wurden aus dem Schlüsselbund gelöscht.</translation>
    </message>
    <message>
        <source>{name!r} had no sign-in stored.</source>
        <translation>Für {name!r} war keine Anmeldung gespeichert.</translation>
    </message>
    <message>
        <source>Not signed out: {exc}</source>
        <translation>Nicht abgemeldet: {exc}</translation>
    </message>
    <message>
        <source>Policy for {tool}</source>
        <translation>Richtlinie für {tool}</translation>
    </message>
</context>
<context>
    <name>McpSettings</name>
    <message>
        <source>a stdio server needs a command to start</source>
        <translation>ein stdio-Server braucht einen Befehl zum Starten</translation>
    </message>
    <message>
        <source>a stdio server takes a command, not a URL, headers or OAuth</source>
        <translation>ein stdio-Server erwartet einen Befehl, keine URL, keine Header und kein OAuth</translation>
    </message>
    <message>
        <source>an {transport} server takes a URL, not a command, arguments, environment or folder</source>
        <translation>ein {transport}-Server erwartet eine URL, keinen Befehl und keine Argumente, Umgebungsvariablen oder Ordner</translation>
    </message>
    <message>
        <source>the value of {variable} looks like a secret; name it as a secret variable (its value goes to the system keyring, never to the settings file)</source>
        <translation>der Wert von {variable} sieht wie ein Geheimnis aus; legen Sie die Variable als geheime Variable an (ihr Wert kommt in den Schlüsselbund des Systems, nie in die Einstellungsdatei)</translation>
    </message>
    <message>
        <source>header {header} carries a credential; name it as a secret header (its value goes to the system keyring, never to the settings file)</source>
        <translation>Header {header} enthält Zugangsdaten; legen Sie ihn als geheimen Header an (sein Wert kommt in den Schlüsselbund des Systems, nie in die Einstellungsdatei)</translation>
    </message>
    <message>
        <source>{what} {name!r} is given twice</source>
        <translation>{name!r} ({what}) ist doppelt angegeben</translation>
    </message>
    <message>
        <source>{name!r} is not a valid environment variable name (letters, digits and &apos;_&apos;, not starting with a digit)</source>
        <translation>{name!r} ist kein gültiger Name für eine Umgebungsvariable (Buchstaben, Ziffern und &apos;_&apos;, nicht mit einer Ziffer beginnend)</translation>
    </message>
    <message>
        <source>{name!r} is not a valid HTTP header name</source>
        <translation>{name!r} ist kein gültiger HTTP-Headername</translation>
    </message>
    <message>
        <source>an HTTP or SSE server needs a URL (http:// or https://)</source>
        <translation>ein HTTP- oder SSE-Server braucht eine URL (http:// oder https://)</translation>
    </message>
    <message>
        <source>URL {url!r} is malformed ({detail})</source>
        <translation>URL {url!r} ist fehlerhaft ({detail})</translation>
    </message>
    <message>
        <source>URL {url!r} must start with http:// or https:// and name a host</source>
        <translation>URL {url!r} muss mit http:// oder https:// beginnen und einen Host nennen</translation>
    </message>
    <message>
        <source>the URL must not contain a user name or password; put credentials in a secret header</source>
        <translation>die URL darf keinen Benutzernamen und kein Passwort enthalten; legen Sie Zugangsdaten in einem geheimen Header ab</translation>
    </message>
    <message>
        <source>the URL must not contain spaces</source>
        <translation>die URL darf keine Leerzeichen enthalten</translation>
    </message>
</context>
<context>
    <name>MenuController</name>
    <message>
        <source>Commands: /skill NAME and /agent NAME add a skill&apos;s rules or an agent&apos;s persona to this message; /model NAME switches the model for the next message; /new starts a new conversation (/clear does the same; the current one is kept); /compact summarises the earlier messages so the conversation takes less of the model&apos;s window (nothing is deleted); //text sends text starting with &apos;/&apos;. Ctrl+/ lists the keyboard shortcuts.</source>
        <translation>Befehle: /skill NAME und /agent NAME fügen dieser Nachricht die Regeln eines Skills oder die Persona eines Agenten hinzu; /model NAME wechselt das Modell für die nächste Nachricht; /new beginnt eine neue Unterhaltung (/clear ebenso; die jetzige bleibt erhalten); /compact fasst die früheren Nachrichten zusammen, damit die Unterhaltung weniger vom Fenster des Modells belegt (nichts wird gelöscht); //text sendet Text, der mit &apos;/&apos; beginnt. Strg+/ listet die Tastenkürzel auf.</translation>
    </message>
    <message>
        <source>Send with &amp;Enter (Shift+Enter for a new line)</source>
        <translation>Mit &amp;Eingabetaste senden (Umschalt+Eingabe für neue Zeile)</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>&amp;New chat</source>
        <translation>&amp;Neuer Chat</translation>
    </message>
    <message>
        <source>&amp;Quick switch…</source>
        <translation>&amp;Schnell wechseln…</translation>
    </message>
    <message>
        <source>&amp;Attach files…</source>
        <translation>Dateien &amp;anhängen…</translation>
    </message>
    <message>
        <source>&amp;Settings…</source>
        <translation>&amp;Einstellungen…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>&amp;Bearbeiten</translation>
    </message>
    <message>
        <source>&amp;Undo delete</source>
        <translation>Löschen &amp;rückgängig machen</translation>
    </message>
    <message>
        <source>Copy last &amp;answer</source>
        <translation>Letzte &amp;Antwort kopieren</translation>
    </message>
    <message>
        <source>&amp;Edit last message</source>
        <translation>Letzte Nachricht &amp;bearbeiten</translation>
    </message>
    <message>
        <source>&amp;Regenerate last answer</source>
        <translation>Letzte Antwort &amp;neu erzeugen</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>&amp;Theme</source>
        <translation>&amp;Design</translation>
    </message>
    <message>
        <source>Follow the system</source>
        <translation>Wie das System</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>Hell</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>Dunkel</translation>
    </message>
    <message>
        <source>High contrast</source>
        <translation>Hoher Kontrast</translation>
    </message>
    <message>
        <source>Zoom &amp;in</source>
        <translation>Ver&amp;größern</translation>
    </message>
    <message>
        <source>Zoom &amp;out</source>
        <translation>Ver&amp;kleinern</translation>
    </message>
    <message>
        <source>&amp;Reset zoom</source>
        <translation>&amp;Normale Größe</translation>
    </message>
    <message>
        <source>&amp;Sidebar</source>
        <translation>&amp;Seitenleiste</translation>
    </message>
    <message>
        <source>Histor&amp;y</source>
        <translation>&amp;Verlauf</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>&amp;Durchsuchen…</translation>
    </message>
    <message>
        <source>&amp;Find conversation</source>
        <translation>Unterhaltung &amp;finden</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts</source>
        <translation>&amp;Tastenkürzel</translation>
    </message>
    <message>
        <source>&amp;Commands</source>
        <translation>&amp;Befehle</translation>
    </message>
</context>
<context>
    <name>MessageActions</name>
    <message>
        <source>Message copied</source>
        <translation>Nachricht kopiert</translation>
    </message>
    <message>
        <source>Message copied as text</source>
        <translation>Nachricht als Text kopiert</translation>
    </message>
    <message>
        <source>Message actions</source>
        <translation>Nachrichtenaktionen</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>Kopieren</translation>
    </message>
    <message>
        <source>Copy as text</source>
        <translation>Als Text kopieren</translation>
    </message>
    <message>
        <source>Regenerate</source>
        <translation>Neu erzeugen</translation>
    </message>
    <message>
        <source>Edit</source>
        <translation>Bearbeiten</translation>
    </message>
    <message>
        <source>Code copied</source>
        <translation>Code kopiert</translation>
    </message>
</context>
<context>
    <name>MessageToolbar</name>
    <message>
        <source>Message actions</source>
        <translation>Nachrichtenaktionen</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>Kopieren</translation>
    </message>
    <message>
        <source>Copy the message (Markdown)</source>
        <translation>Nachricht kopieren (Markdown)</translation>
    </message>
    <message>
        <source>Copy as text</source>
        <translation>Als Text kopieren</translation>
    </message>
    <message>
        <source>Copy the message as plain text</source>
        <translation>Nachricht als reinen Text kopieren</translation>
    </message>
    <message>
        <source>Regenerate</source>
        <translation>Neu erzeugen</translation>
    </message>
    <message>
        <source>Ask for another answer (the current one is kept as a branch)</source>
        <translation>Um eine andere Antwort bitten (die jetzige bleibt als Zweig erhalten)</translation>
    </message>
    <message>
        <source>Edit</source>
        <translation>Bearbeiten</translation>
    </message>
    <message>
        <source>Edit this message and send it as a new branch</source>
        <translation>Diese Nachricht bearbeiten und als neuen Zweig senden</translation>
    </message>
</context>
<context>
    <name>ModelPicker</name>
    <message>
        <source>Choose a model</source>
        <translation>Modell wählen</translation>
    </message>
    <message>
        <source>{model} on {provider} — the model for the next message</source>
        <translation>{model} bei {provider} – das Modell für die nächste Nachricht</translation>
    </message>
    <message>
        <source>{model} on {provider}</source>
        <translation>{model} bei {provider}</translation>
    </message>
    <message>
        <source>    Other model…</source>
        <translation>    Anderes Modell…</translation>
    </message>
    <message>
        <source>Type the id of any model {provider} serves</source>
        <translation>Die ID eines beliebigen Modells von {provider} eingeben</translation>
    </message>
    <message>
        <source>Other model</source>
        <translation>Anderes Modell</translation>
    </message>
    <message>
        <source>Model id on {provider}:</source>
        <translation>Modell-ID bei {provider}:</translation>
    </message>
</context>
<context>
    <name>NoticeBanner</name>
    <message>
        <source>Notice</source>
        <translation>Hinweis</translation>
    </message>
    <message>
        <source>Dismiss</source>
        <translation>Schließen</translation>
    </message>
</context>
<context>
    <name>OpenStoreDialog</name>
    <message>
        <source>Open a team store</source>
        <translation>Team-Speicher öffnen</translation>
    </message>
    <message>
        <source>Team store address</source>
        <translation>Adresse des Team-Speichers</translation>
    </message>
    <message>
        <source>postgresql://you@host:5432/team</source>
        <translation>postgresql://sie@host:5432/team</translation>
    </message>
    <message>
        <source>For example {EXAMPLE}</source>
        <translation>Zum Beispiel {EXAMPLE}</translation>
    </message>
    <message>
        <source>Password on the team store</source>
        <translation>Passwort für den Team-Speicher</translation>
    </message>
    <message>
        <source>Empty: the one kept in the keyring</source>
        <translation>Leer: das im Schlüsselbund aufbewahrte</translation>
    </message>
    <message>
        <source>Remember in the keyring</source>
        <translation>Im Schlüsselbund merken</translation>
    </message>
    <message>
        <source>Keep the password in the system keyring for this address (never in a file)</source>
        <translation>Das Passwort für diese Adresse im Schlüsselbund des Systems aufbewahren (nie in einer Datei)</translation>
    </message>
    <message>
        <source>Your own role on the store: an operator reads everyone&apos;s conversations, a member their own. Nothing is written to the store.</source>
        <translation>Ihre eigene Rolle im Speicher: Ein Operator liest die Unterhaltungen aller, ein Mitglied die eigenen. In den Speicher wird nichts geschrieben.</translation>
    </message>
    <message>
        <source>Team store address error</source>
        <translation>Fehler in der Adresse des Team-Speichers</translation>
    </message>
    <message>
        <source>Address</source>
        <translation>Adresse</translation>
    </message>
    <message>
        <source>Password</source>
        <translation>Passwort</translation>
    </message>
    <message>
        <source>type the store&apos;s address</source>
        <translation>geben Sie die Adresse des Speichers ein</translation>
    </message>
    <message>
        <source>The address: {problem}.</source>
        <translation>Die Adresse: {problem}.</translation>
    </message>
</context>
<context>
    <name>PermissionDialog</name>
    <message>
        <source>the turn&apos;s output folder</source>
        <translation>der Ausgabeordner der Runde</translation>
    </message>
    <message>
        <source>the workspace</source>
        <translation>der Arbeitsordner</translation>
    </message>
    <message>
        <source>Allow this action?</source>
        <translation>Diese Aktion erlauben?</translation>
    </message>
    <message>
        <source>Nothing runs until you choose. Deny is the default (Enter or Esc).</source>
        <translation>Nichts läuft, bevor Sie wählen. Ablehnen ist die Vorgabe (Eingabe oder Esc).</translation>
    </message>
    <message>
        <source>Arguments</source>
        <translation>Argumente</translation>
    </message>
    <message>
        <source>Command</source>
        <translation>Befehl</translation>
    </message>
    <message>
        <source>Runs in</source>
        <translation>Läuft in</translation>
    </message>
    <message>
        <source>Server and tool</source>
        <translation>Server und Werkzeug</translation>
    </message>
    <message>
        <source>MCP tool</source>
        <translation>MCP-Werkzeug</translation>
    </message>
    <message>
        <source>What the server claims</source>
        <translation>Was der Server angibt</translation>
    </message>
    <message>
        <source>Claims</source>
        <translation>Angaben</translation>
    </message>
    <message>
        <source>Effect: {words}</source>
        <translation>Wirkung: {words}</translation>
    </message>
    <message>
        <source>rule {rule}</source>
        <translation>Regel {rule}</translation>
    </message>
    <message>
        <source>Effect</source>
        <translation>Wirkung</translation>
    </message>
    <message>
        <source>Sandbox</source>
        <translation>Sandbox</translation>
    </message>
    <message>
        <source>Allow once</source>
        <translation>Einmal erlauben</translation>
    </message>
    <message>
        <source>Allow for this conversation</source>
        <translation>Für diese Unterhaltung erlauben</translation>
    </message>
    <message>
        <source>This tool, in this conversation, until Parley closes</source>
        <translation>Dieses Werkzeug, in dieser Unterhaltung, bis Parley beendet wird</translation>
    </message>
    <message>
        <source>This exact command only, until Parley closes</source>
        <translation>Nur genau dieser Befehl, bis Parley beendet wird</translation>
    </message>
    <message>
        <source>Always allow this tool</source>
        <translation>Dieses Werkzeug immer erlauben</translation>
    </message>
    <message>
        <source>Stored in Settings → MCP servers, where you can change it back</source>
        <translation>Gespeichert unter Einstellungen → MCP-Server, wo Sie es wieder ändern können</translation>
    </message>
    <message>
        <source>Deny</source>
        <translation>Ablehnen</translation>
    </message>
</context>
<context>
    <name>PermissionPrompt</name>
    <message>
        <source>Harmless</source>
        <translation>Harmlos</translation>
    </message>
    <message>
        <source>Contained</source>
        <translation>Abgeschirmt</translation>
    </message>
    <message>
        <source>Unknown effect</source>
        <translation>Unbekannte Wirkung</translation>
    </message>
    <message>
        <source>Dangerous</source>
        <translation>Gefährlich</translation>
    </message>
    <message>
        <source>Refused</source>
        <translation>Verweigert</translation>
    </message>
    <message>
        <source>The server says nothing about what this tool does.</source>
        <translation>Der Server sagt nichts darüber, was dieses Werkzeug tut.</translation>
    </message>
    <message>
        <source>The server says: {claims}. Parley cannot check this.</source>
        <translation>Der Server gibt an: {claims}. Parley kann das nicht prüfen.</translation>
    </message>
</context>
<context>
    <name>PricesPage</name>
    <message>
        <source>Model pattern</source>
        <translation>Modellmuster</translation>
    </message>
    <message>
        <source>Provider</source>
        <translation>Anbieter</translation>
    </message>
    <message>
        <source>Input $/Mtok</source>
        <translation>Eingabe $/MToken</translation>
    </message>
    <message>
        <source>Output $/Mtok</source>
        <translation>Ausgabe $/MToken</translation>
    </message>
    <message>
        <source>Estimated cost per million tokens. A pattern is an exact model name or a glob (gpt-4.1*); a row with a provider beats one without; an exact name beats a glob. Estimates ignore cached-input and batch discounts.</source>
        <translation>Geschätzte Kosten pro Million Token. Ein Muster ist ein genauer Modellname oder ein Glob (gpt-4.1*); eine Zeile mit Anbieter hat Vorrang vor einer ohne; ein genauer Name hat Vorrang vor einem Glob. Schätzungen berücksichtigen keine Rabatte für zwischengespeicherte Eingaben oder Batches.</translation>
    </message>
    <message>
        <source>Prices result</source>
        <translation>Ergebnis der Preise</translation>
    </message>
    <message>
        <source>Cannot read prices: {exc}</source>
        <translation>Preise nicht lesbar: {exc}</translation>
    </message>
    <message>
        <source>The built-in prices are shown; Save to use them.</source>
        <translation>Die eingebauten Preise werden angezeigt; Speichern, um sie zu verwenden.</translation>
    </message>
    <message>
        <source>Saved {n_prices} price rows.</source>
        <translation>{n_prices} Preiszeilen gespeichert.</translation>
    </message>
    <message>
        <source>Not saved: {exc}</source>
        <translation>Nicht gespeichert: {exc}</translation>
    </message>
    <message>
        <source>Row {row}, {column}: {problem}</source>
        <translation>Zeile {row}, {column}: {problem}</translation>
    </message>
    <message>
        <source>Row {row}: {problem}</source>
        <translation>Zeile {row}: {problem}</translation>
    </message>
    <message>
        <source>Row {row} repeats row {first} ({pattern})</source>
        <translation>Zeile {row} wiederholt Zeile {first} ({pattern})</translation>
    </message>
    <message>
        <source>Not saved. {problems}</source>
        <translation>Nicht gespeichert. {problems}</translation>
    </message>
    <message>
        <source>a model name or pattern is needed</source>
        <translation>ein Modellname oder -muster ist erforderlich</translation>
    </message>
    <message>
        <source>a price is needed (0 for free)</source>
        <translation>ein Preis ist erforderlich (0 für kostenlos)</translation>
    </message>
    <message>
        <source>{text!r} is not a whole number of tokens</source>
        <translation>{text!r} ist keine ganze Zahl von Token</translation>
    </message>
    <message>
        <source>a context window size is needed</source>
        <translation>eine Größe des Kontextfensters ist erforderlich</translation>
    </message>
    <message>
        <source>{tokens} tokens is too small (at least {minimum})</source>
        <translation>{tokens} Token sind zu wenig (mindestens {minimum})</translation>
    </message>
    <message>
        <source>{tokens} is more than the context window ({context})</source>
        <translation>{tokens} ist mehr als das Kontextfenster ({context})</translation>
    </message>
    <message>
        <source>Context tokens</source>
        <translation>Kontext-Token</translation>
    </message>
    <message>
        <source>Max output</source>
        <translation>Max. Ausgabe</translation>
    </message>
</context>
<context>
    <name>ProjectsPage</name>
    <message>
        <source>Automatic (ask only for risky actions)</source>
        <translation>Automatisch (nur bei riskanten Aktionen fragen)</translation>
    </message>
    <message>
        <source>Ask before every action</source>
        <translation>Vor jeder Aktion fragen</translation>
    </message>
    <message>
        <source>All tools (read, write, run)</source>
        <translation>Alle Werkzeuge (lesen, schreiben, ausführen)</translation>
    </message>
    <message>
        <source>Read-only tools</source>
        <translation>Nur lesende Werkzeuge</translation>
    </message>
    <message>
        <source>No tools</source>
        <translation>Keine Werkzeuge</translation>
    </message>
    <message>
        <source>Projects</source>
        <translation>Projekte</translation>
    </message>
    <message>
        <source>New</source>
        <translation>Neu</translation>
    </message>
    <message>
        <source>New project</source>
        <translation>Neues Projekt</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Löschen</translation>
    </message>
    <message>
        <source>Delete project</source>
        <translation>Projekt löschen</translation>
    </message>
    <message>
        <source>Project name</source>
        <translation>Projektname</translation>
    </message>
    <message>
        <source>Project name error</source>
        <translation>Fehler im Projektnamen</translation>
    </message>
    <message>
        <source>Workspace folder</source>
        <translation>Arbeitsordner</translation>
    </message>
    <message>
        <source>optional: the folder the tools work in</source>
        <translation>optional: der Ordner, in dem die Werkzeuge arbeiten</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Durchsuchen…</translation>
    </message>
    <message>
        <source>Choose the workspace folder</source>
        <translation>Arbeitsordner wählen</translation>
    </message>
    <message>
        <source>Workspace folder error</source>
        <translation>Fehler beim Arbeitsordner</translation>
    </message>
    <message>
        <source>Shared instructions</source>
        <translation>Gemeinsame Anweisungen</translation>
    </message>
    <message>
        <source>optional: instructions every conversation of this project starts with</source>
        <translation>optional: Anweisungen, mit denen jede Unterhaltung dieses Projekts beginnt</translation>
    </message>
    <message>
        <source>Default provider</source>
        <translation>Standardanbieter</translation>
    </message>
    <message>
        <source>Default model</source>
        <translation>Standardmodell</translation>
    </message>
    <message>
        <source>optional: a model of that provider</source>
        <translation>optional: ein Modell dieses Anbieters</translation>
    </message>
    <message>
        <source>Gate mode</source>
        <translation>Freigabemodus</translation>
    </message>
    <message>
        <source>Tools</source>
        <translation>Werkzeuge</translation>
    </message>
    <message>
        <source>MCP servers enabled for this project</source>
        <translation>Für dieses Projekt aktivierte MCP-Server</translation>
    </message>
    <message>
        <source>No MCP servers are configured: add them under Settings → MCP servers.</source>
        <translation>Keine MCP-Server eingerichtet: Fügen Sie sie unter Einstellungen → MCP-Server hinzu.</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>Speichern</translation>
    </message>
    <message>
        <source>Save project</source>
        <translation>Projekt speichern</translation>
    </message>
    <message>
        <source>Project save result</source>
        <translation>Ergebnis beim Speichern des Projekts</translation>
    </message>
    <message>
        <source>Project</source>
        <translation>Projekt</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Shown in the sidebar and the project picker.</source>
        <translation>Wird in der Seitenleiste und der Projektauswahl gezeigt.</translation>
    </message>
    <message>
        <source>Workspace</source>
        <translation>Arbeitsordner</translation>
    </message>
    <message>
        <source>The folder the tools read, write and run in.</source>
        <translation>Der Ordner, in dem die Werkzeuge lesen, schreiben und ausführen.</translation>
    </message>
    <message>
        <source>Instructions</source>
        <translation>Anweisungen</translation>
    </message>
    <message>
        <source>Sent at the start of every conversation of this project.</source>
        <translation>Wird zu Beginn jeder Unterhaltung dieses Projekts gesendet.</translation>
    </message>
    <message>
        <source>Defaults</source>
        <translation>Vorgaben</translation>
    </message>
    <message>
        <source>What a new chat in this project starts on.</source>
        <translation>Womit ein neuer Chat in diesem Projekt beginnt.</translation>
    </message>
    <message>
        <source>When Parley asks before an action.</source>
        <translation>Wann Parley vor einer Aktion fragt.</translation>
    </message>
    <message>
        <source>What the model may do in the workspace.</source>
        <translation>Was das Modell im Arbeitsordner tun darf.</translation>
    </message>
    <message>
        <source>MCP servers</source>
        <translation>MCP-Server</translation>
    </message>
    <message>
        <source>The servers whose tools this project&apos;s conversations are offered (a server switched off in Settings → MCP servers offers none).</source>
        <translation>Die Server, deren Werkzeuge den Unterhaltungen dieses Projekts angeboten werden (ein unter Einstellungen → MCP-Server ausgeschalteter Server bietet keine an).</translation>
    </message>
    <message>
        <source>A project needs a name.</source>
        <translation>Ein Projekt braucht einen Namen.</translation>
    </message>
    <message>
        <source>{folder} is not an existing folder</source>
        <translation>{folder} ist kein vorhandener Ordner</translation>
    </message>
    <message>
        <source>Saved project {name!r}.</source>
        <translation>Projekt {name!r} gespeichert.</translation>
    </message>
    <message>
        <source>Not saved: {exc}</source>
        <translation>Nicht gespeichert: {exc}</translation>
    </message>
    <message>
        <source>Not deleted: {exc}</source>
        <translation>Nicht gelöscht: {exc}</translation>
    </message>
    <message>
        <source>Window&apos;s choice</source>
        <translation>Wahl des Fensters</translation>
    </message>
    <message>
        <source>{current} (not configured)</source>
        <translation>{current} (nicht eingerichtet)</translation>
    </message>
    <message>
        <source>{name} (not configured)</source>
        <translation>{name} (nicht konfiguriert)</translation>
    </message>
    <message>
        <source>Delete the project {text!r}? Its files stay.</source>
        <translation>Das Projekt {text!r} löschen? Seine Dateien bleiben erhalten.</translation>
    </message>
    <message>
        <source>Knowledge folder</source>
        <translation>Wissensordner</translation>
    </message>
    <message>
        <source>optional: a folder of documents every turn of this project may be answered from</source>
        <translation>optional: ein Ordner mit Dokumenten, aus denen jede Runde dieses Projekts beantwortet werden kann</translation>
    </message>
    <message>
        <source>Choose the knowledge folder</source>
        <translation>Wissensordner wählen</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>Leeren</translation>
    </message>
    <message>
        <source>Clear the knowledge folder</source>
        <translation>Wissensordner entfernen</translation>
    </message>
    <message>
        <source>Knowledge folder error</source>
        <translation>Fehler beim Wissensordner</translation>
    </message>
    <message>
        <source>Indexed files</source>
        <translation>Indizierte Dateien</translation>
    </message>
    <message>
        <source>File</source>
        <translation>Datei</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Größe</translation>
    </message>
    <message>
        <source>Chunks</source>
        <translation>Abschnitte</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Knowledge folder totals</source>
        <translation>Summen des Wissensordners</translation>
    </message>
    <message>
        <source>Index now</source>
        <translation>Jetzt indizieren</translation>
    </message>
    <message>
        <source>Index the knowledge folder now</source>
        <translation>Den Wissensordner jetzt indizieren</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Cancel indexing</source>
        <translation>Indizierung abbrechen</translation>
    </message>
    <message>
        <source>Indexing progress</source>
        <translation>Fortschritt der Indizierung</translation>
    </message>
    <message>
        <source>Indexing status</source>
        <translation>Status der Indizierung</translation>
    </message>
    <message>
        <source>Knowledge folders need the knowledge index, which is not available.</source>
        <translation>Wissensordner brauchen den Wissensindex, der nicht verfügbar ist.</translation>
    </message>
    <message>
        <source>Knowledge</source>
        <translation>Wissen</translation>
    </message>
    <message>
        <source>Folder</source>
        <translation>Ordner</translation>
    </message>
    <message>
        <source>Parley indexes its documents (PDF, Word, Excel, PowerPoint, text, code; not images or hidden files) and answers this project&apos;s turns from them. It looks for changes every 30 seconds while the window is open.</source>
        <translation>Parley indiziert seine Dokumente (PDF, Word, Excel, PowerPoint, Text, Code; keine Bilder oder versteckten Dateien) und beantwortet die Runden dieses Projekts daraus. Solange das Fenster offen ist, sucht es alle 30 Sekunden nach Änderungen.</translation>
    </message>
    <message>
        <source>Indexed</source>
        <translation>Indiziert</translation>
    </message>
    <message>
        <source>Cannot read the index: {exc}</source>
        <translation>Index nicht lesbar: {exc}</translation>
    </message>
    <message>
        <source>Save the project first: the folder has changed.</source>
        <translation>Speichern Sie zuerst das Projekt: Der Ordner hat sich geändert.</translation>
    </message>
    <message>
        <source>Choose a knowledge folder first.</source>
        <translation>Wählen Sie zuerst einen Wissensordner.</translation>
    </message>
    <message>
        <source>Stopping…</source>
        <translation>Wird angehalten…</translation>
    </message>
    <message>
        <source>indexed</source>
        <translation>indiziert</translation>
    </message>
    <message>
        <source>{count:,} files · {size} · {chunks:,} chunks</source>
        <translation>{count:,} Dateien · {size} · {chunks:,} Abschnitte</translation>
    </message>
    <message>
        <source>{errors:,} not indexed (see Status)</source>
        <translation>{errors:,} nicht indiziert (siehe Status)</translation>
    </message>
    <message>
        <source>Nothing indexed yet.</source>
        <translation>Noch nichts indiziert.</translation>
    </message>
    <message>
        <source>No knowledge folder.</source>
        <translation>Kein Wissensordner.</translation>
    </message>
    <message>
        <source>Indexing: looking at the folder…</source>
        <translation>Indizierung: Ordner wird durchgesehen…</translation>
    </message>
    <message>
        <source>Indexing {value:,} of {total:,}: {name}</source>
        <translation>Indizierung {value:,} von {total:,}: {name}</translation>
    </message>
    <message>
        <source>Indexing: {done:,} of {total:,} read</source>
        <translation>Indizierung: {done:,} von {total:,} gelesen</translation>
    </message>
    <message>
        <source>Not indexed: {message}</source>
        <translation>Nicht indiziert: {message}</translation>
    </message>
    <message>
        <source>Removed {count:,} files from the index.</source>
        <translation>{count:,} Dateien aus dem Index entfernt.</translation>
    </message>
</context>
<context>
    <name>ProviderEditor</name>
    <message>
        <source>no system keyring: use Key variable below</source>
        <translation>kein Schlüsselbund im System: unten Schlüsselvariable verwenden</translation>
    </message>
    <message>
        <source>Disabled: {keyring_problem}. Name an environment variable under Key variable.</source>
        <translation>Deaktiviert: {keyring_problem}. Nennen Sie unter Schlüsselvariable eine Umgebungsvariable.</translation>
    </message>
    <message>
        <source>{reason}. Set {variable} before starting Parley and name it under Key variable.</source>
        <translation>{reason}. Setzen Sie {variable}, bevor Sie Parley starten, und nennen Sie sie unter Schlüsselvariable.</translation>
    </message>
    <message>
        <source>an environment variable</source>
        <translation>eine Umgebungsvariable</translation>
    </message>
    <message>
        <source>paste it above (it is kept in the system keyring)</source>
        <translation>fügen Sie ihn oben ein (er wird im Schlüsselbund des Systems aufbewahrt)</translation>
    </message>
    <message>
        <source>{reason}; set {variable} before starting Parley and name it under Key variable</source>
        <translation>{reason}; setzen Sie {variable}, bevor Sie Parley starten, und nennen Sie sie unter Schlüsselvariable</translation>
    </message>
    <message>
        <source>{name!r} needs an API key: {where}</source>
        <translation>{name!r} braucht einen API-Schlüssel: {where}</translation>
    </message>
    <message>
        <source>Key: {source}</source>
        <translation>Schlüssel: {source}</translation>
    </message>
    <message>
        <source>Saved {name!r}.</source>
        <translation>{name!r} gespeichert.</translation>
    </message>
    <message>
        <source>Saving…</source>
        <translation>Wird gespeichert…</translation>
    </message>
    <message>
        <source>Testing…</source>
        <translation>Wird getestet…</translation>
    </message>
    <message>
        <source>Fetching models…</source>
        <translation>Modelle werden abgerufen…</translation>
    </message>
    <message>
        <source>give the provider a name</source>
        <translation>geben Sie dem Anbieter einen Namen</translation>
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
        <translation>Der Anbieter hat die Anfrage abgelehnt</translation>
    </message>
    <message>
        <source>The provider rejected the API key</source>
        <translation>Der Anbieter hat den API-Schlüssel abgelehnt</translation>
    </message>
    <message>
        <source>The API key may not use this model or endpoint</source>
        <translation>Der API-Schlüssel darf dieses Modell oder diesen Endpunkt nicht verwenden</translation>
    </message>
    <message>
        <source>The provider does not know this model or endpoint</source>
        <translation>Der Anbieter kennt dieses Modell oder diesen Endpunkt nicht</translation>
    </message>
    <message>
        <source>The provider is rate limiting requests</source>
        <translation>Der Anbieter begrenzt die Anfragerate</translation>
    </message>
    <message>
        <source>The account is out of quota or credit</source>
        <translation>Das Kontingent oder Guthaben des Kontos ist aufgebraucht</translation>
    </message>
    <message>
        <source>The provider is overloaded</source>
        <translation>Der Anbieter ist überlastet</translation>
    </message>
    <message>
        <source>The conversation is too long for this model</source>
        <translation>Die Unterhaltung ist zu lang für dieses Modell</translation>
    </message>
    <message>
        <source>The provider&apos;s content policy refused the request</source>
        <translation>Die Inhaltsrichtlinie des Anbieters hat die Anfrage abgelehnt</translation>
    </message>
    <message>
        <source>The provider rejected the request as invalid</source>
        <translation>Der Anbieter hat die Anfrage als ungültig abgelehnt</translation>
    </message>
    <message>
        <source>The provider had a server error</source>
        <translation>Beim Anbieter ist ein Serverfehler aufgetreten</translation>
    </message>
    <message>
        <source> (content type {content_type}, not an event stream)</source>
        <translation> (Inhaltstyp {content_type}, kein Event-Stream)</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keiner</translation>
    </message>
    <message>
        <source>before message_stop: it may be cut short</source>
        <translation>vor message_stop: sie ist womöglich unvollständig</translation>
    </message>
    <message>
        <source>the system keyring (entry {name!r})</source>
        <translation>der Schlüsselbund des Systems (Eintrag {name!r})</translation>
    </message>
    <message>
        <source>nowhere it knows of</source>
        <translation>an keinem bekannten Ort</translation>
    </message>
    <message>
        <source>provider {name!r} needs an API key and none was found (looked in: {looked}). {problem}: {variable}</source>
        <translation>Anbieter {name!r} braucht einen API-Schlüssel, aber es wurde keiner gefunden (gesucht in: {looked}). {problem}: {variable}</translation>
    </message>
    <message>
        <source>provider {name!r} needs an API key and none was found (looked in: {looked}). {problem}: name one with: parley providers add {entry} --replace --api-key-env VAR ...</source>
        <translation>Anbieter {name!r} braucht einen API-Schlüssel, aber es wurde keiner gefunden (gesucht in: {looked}). {problem}: Nennen Sie eine Variable mit: parley providers add {entry} --replace --api-key-env VAR ...</translation>
    </message>
    <message>
        <source>provider {name!r} needs an API key and none was found (looked in: {looked}); store one with: parley providers set-key {entry}, or set the environment variable {variable}</source>
        <translation>Anbieter {name!r} braucht einen API-Schlüssel, aber es wurde keiner gefunden (gesucht in: {looked}); speichern Sie einen mit: parley providers set-key {entry}, oder setzen Sie die Umgebungsvariable {variable}</translation>
    </message>
    <message>
        <source>provider {name!r} needs an API key and none was found (looked in: {looked}); store one with: parley providers set-key {entry}, or name an environment variable with --api-key-env</source>
        <translation>Anbieter {name!r} braucht einen API-Schlüssel, aber es wurde keiner gefunden (gesucht in: {looked}); speichern Sie einen mit: parley providers set-key {entry}, oder nennen Sie mit --api-key-env eine Umgebungsvariable</translation>
    </message>
    <message>
        <source>provider {name!r} has an unknown kind {kind!r}</source>
        <translation>Anbieter {name!r} hat eine unbekannte Art {kind!r}</translation>
    </message>
    <message>
        <source>provider {name!r} uses the kind {kind!r}, which this installation of Parley cannot speak ({error})</source>
        <translation>Anbieter {name!r} verwendet die Art {kind!r}, die diese Parley-Installation nicht beherrscht ({error})</translation>
    </message>
    <message>
        <source>no provider is configured; {hint}</source>
        <translation>kein Anbieter konfiguriert; {hint}</translation>
    </message>
    <message>
        <source>before Gemini said it was finished (no finishReason); it may be cut short</source>
        <translation>bevor Gemini das Ende meldete (kein finishReason); sie ist womöglich unvollständig</translation>
    </message>
    <message>
        <source>Gemini blocked the prompt ({reason}) and returned no answer.{details}</source>
        <translation>Gemini hat den Prompt blockiert ({reason}) und keine Antwort geliefert.{details}</translation>
    </message>
    <message>
        <source>Gemini stopped this answer ({reason}) and returned no text.{details}</source>
        <translation>Gemini hat diese Antwort angehalten ({reason}) und keinen Text geliefert.{details}</translation>
    </message>
    <message>
        <source> Gemini said: {message}</source>
        <translation> Gemini meldete: {message}</translation>
    </message>
    <message>
        <source> Blocked category: {categories}.</source>
        <translation> Blockierte Kategorie: {categories}.</translation>
    </message>
    <message>
        <source> Gemini said: {message} Blocked category: {categories}.</source>
        <translation> Gemini meldete: {message} Blockierte Kategorie: {categories}.</translation>
    </message>
    <message>
        <source>no details given</source>
        <translation>keine Details angegeben</translation>
    </message>
    <message>
        <source>the server sent an HTML page</source>
        <translation>der Server hat eine HTML-Seite gesendet</translation>
    </message>
    <message>
        <source>{reason} (the server sent an HTML page)</source>
        <translation>{reason} (der Server hat eine HTML-Seite gesendet)</translation>
    </message>
    <message>
        <source>the provider stopped responding: no data from {host} for {seconds:g} s</source>
        <translation>der Anbieter antwortet nicht mehr: {seconds:g} s lang keine Daten von {host}</translation>
    </message>
    <message>
        <source>the API key or an extra header contains characters that cannot be sent in an HTTP header (a line break, for instance)</source>
        <translation>der API-Schlüssel oder ein zusätzlicher Header enthält Zeichen, die in einem HTTP-Header nicht gesendet werden können (zum Beispiel einen Zeilenumbruch)</translation>
    </message>
    <message>
        <source>unusable provider URL {url}: {cause}</source>
        <translation>unbrauchbare Anbieter-URL {url}: {cause}</translation>
    </message>
    <message>
        <source>could not connect to {url} within {seconds:g} s</source>
        <translation>keine Verbindung zu {url} innerhalb von {seconds:g} s</translation>
    </message>
    <message>
        <source>secure connection to {host} failed: {cause}</source>
        <translation>sichere Verbindung zu {host} fehlgeschlagen: {cause}</translation>
    </message>
    <message>
        <source>could not connect to {url}: {cause}</source>
        <translation>keine Verbindung zu {url}: {cause}</translation>
    </message>
    <message>
        <source>request to {url} failed: {kind}: {error}</source>
        <translation>Anfrage an {url} fehlgeschlagen: {kind}: {error}</translation>
    </message>
    <message>
        <source>the server closed the connection</source>
        <translation>der Server hat die Verbindung geschlossen</translation>
    </message>
    <message>
        <source>the connection to {host} dropped before the answer began: {reason}</source>
        <translation>die Verbindung zu {host} brach ab, bevor die Antwort begann: {reason}</translation>
    </message>
    <message>
        <source>the connection to {host} broke before the answer was complete: {reason}</source>
        <translation>die Verbindung zu {host} brach ab, bevor die Antwort vollständig war: {reason}</translation>
    </message>
    <message>
        <source>{host} sent an empty answer{hint}</source>
        <translation>{host} hat eine leere Antwort gesendet{hint}</translation>
    </message>
    <message>
        <source>the answer from {host} ended{where} {lacks}</source>
        <translation>die Antwort von {host} endete{where} {lacks}</translation>
    </message>
    <message>
        <source> in the middle of {item}</source>
        <translation> mitten in {item}</translation>
    </message>
    <message>
        <source> (content type was {content_type}, not an event stream)</source>
        <translation> (Inhaltstyp war {content_type}, kein Event-Stream)</translation>
    </message>
    <message>
        <source>the provider base URL {url!r} is not an http(s) URL (expected something like {example})</source>
        <translation>die Basis-URL des Anbieters {url!r} ist keine http(s)-URL (erwartet wird etwa {example})</translation>
    </message>
    <message>
        <source>no model chosen for {where}: the request names none and the provider has no default model{hint}</source>
        <translation>kein Modell für {where} gewählt: Die Anfrage nennt keines und der Anbieter hat kein Standardmodell{hint}</translation>
    </message>
    <message>
        <source>this provider</source>
        <translation>diesen Anbieter</translation>
    </message>
    <message>
        <source>{host} answered /{path} with something other than a model list</source>
        <translation>{host} hat auf /{path} mit etwas anderem als einer Modellliste geantwortet</translation>
    </message>
    <message>
        <source>{host} answered /{path} with something other than a model list: {detail}</source>
        <translation>{host} hat auf /{path} mit etwas anderem als einer Modellliste geantwortet: {detail}</translation>
    </message>
    <message>
        <source>{host} reported an error during the answer: {message}</source>
        <translation>{host} hat während der Antwort einen Fehler gemeldet: {message}</translation>
    </message>
    <message>
        <source>before the answer was complete; it may be cut short</source>
        <translation>bevor die Antwort vollständig war; sie ist womöglich unvollständig</translation>
    </message>
    <message>
        <source>an event</source>
        <translation>einem Ereignis</translation>
    </message>
    <message>
        <source>is Ollama running there? Start it with `ollama serve` (or the Ollama app), or check the base URL</source>
        <translation>läuft Ollama dort? Starten Sie es mit `ollama serve` (oder der Ollama-App), oder prüfen Sie die Basis-URL</translation>
    </message>
    <message>
        <source>{error} — {hint}</source>
        <translation>{error} – {hint}</translation>
    </message>
    <message>
        <source>{detail} — is the model name right? To download it, run `ollama pull {model}` on the machine that runs Ollama</source>
        <translation>{detail} – stimmt der Modellname? Zum Herunterladen führen Sie `ollama pull {model}` auf dem Rechner aus, auf dem Ollama läuft</translation>
    </message>
    <message>
        <source>{detail} — is {base_url} the root of an Ollama server (like http://localhost:11434, without /v1)?</source>
        <translation>{detail} – ist {base_url} die Wurzel eines Ollama-Servers (etwa http://localhost:11434, ohne /v1)?</translation>
    </message>
    <message>
        <source> (content type {content_type})</source>
        <translation> (Inhaltstyp {content_type})</translation>
    </message>
    <message>
        <source> (content type was {content_type}, not {expected})</source>
        <translation> (Inhaltstyp war {content_type}, nicht {expected})</translation>
    </message>
    <message>
        <source>a line</source>
        <translation>einer Zeile</translation>
    </message>
    <message>
        <source>before its final done:true line; it may be cut short</source>
        <translation>vor der abschließenden done:true-Zeile; sie ist womöglich unvollständig</translation>
    </message>
    <message>
        <source> (see `ollama list` for the local ones)</source>
        <translation> (siehe `ollama list` für die lokalen Modelle)</translation>
    </message>
    <message>
        <source>before [DONE]; it may be cut short</source>
        <translation>vor [DONE]; sie ist womöglich unvollständig</translation>
    </message>
    <message>
        <source> (content type {content_type}; does it support streaming?)</source>
        <translation> (Inhaltstyp {content_type}; unterstützt er Streaming?)</translation>
    </message>
</context>
<context>
    <name>ProviderForm</name>
    <message>
        <source>Preset</source>
        <translation>Vorlage</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <source>Base URL</source>
        <translation>Basis-URL</translation>
    </message>
    <message>
        <source>API key</source>
        <translation>API-Schlüssel</translation>
    </message>
    <message>
        <source>optional: environment variable with the key</source>
        <translation>optional: Umgebungsvariable mit dem Schlüssel</translation>
    </message>
    <message>
        <source>Key variable</source>
        <translation>Schlüsselvariable</translation>
    </message>
    <message>
        <source>Default model</source>
        <translation>Standardmodell</translation>
    </message>
    <message>
        <source>Fetch models</source>
        <translation>Modelle abrufen</translation>
    </message>
    <message>
        <source>Test</source>
        <translation>Testen</translation>
    </message>
    <message>
        <source>Test connection</source>
        <translation>Verbindung testen</translation>
    </message>
    <message>
        <source>Send a tiny request with what the form shows (nothing is saved)</source>
        <translation>Eine winzige Anfrage mit den Angaben des Formulars senden (nichts wird gespeichert)</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>Speichern</translation>
    </message>
    <message>
        <source>Provider result</source>
        <translation>Ergebnis des Anbieters</translation>
    </message>
    <message>
        <source>Connection</source>
        <translation>Verbindung</translation>
    </message>
    <message>
        <source>Fills in the address, key variable and a model.</source>
        <translation>Füllt Adresse, Schlüsselvariable und ein Modell aus.</translation>
    </message>
    <message>
        <source>How the model picker names this provider.</source>
        <translation>So nennt die Modellauswahl diesen Anbieter.</translation>
    </message>
    <message>
        <source>The wire format; a preset fixes it.</source>
        <translation>Das Übertragungsformat; eine Vorlage legt es fest.</translation>
    </message>
    <message>
        <source>The API&apos;s root, e.g. https://api.openai.com/v1</source>
        <translation>Die Wurzel der API, z. B. https://api.openai.com/v1</translation>
    </message>
    <message>
        <source>A key you paste is kept in the system keyring, never in a file, and never shown again; or name an environment variable that holds it.</source>
        <translation>Ein eingefügter Schlüssel wird im Schlüsselbund des Systems aufbewahrt, nie in einer Datei, und nie wieder angezeigt; oder nennen Sie eine Umgebungsvariable, die ihn enthält.</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>New chats with this provider start on it. Fetch models lists what the server offers.</source>
        <translation>Neue Chats mit diesem Anbieter beginnen damit. Modelle abrufen listet auf, was der Server anbietet.</translation>
    </message>
    <message>
        <source>Custom (OpenAI-compatible)</source>
        <translation>Eigener (OpenAI-kompatibel)</translation>
    </message>
    <message>
        <source>leave empty to keep the current key</source>
        <translation>leer lassen, um den jetzigen Schlüssel zu behalten</translation>
    </message>
    <message>
        <source>{n_models} model(s) available.</source>
        <translation>{n_models} Modell(e) verfügbar.</translation>
    </message>
    <message>
        <source>optional for local servers</source>
        <translation>optional für lokale Server</translation>
    </message>
    <message>
        <source>paste the key: it is kept in the system keyring</source>
        <translation>Schlüssel einfügen: Er wird im Schlüsselbund des Systems aufbewahrt</translation>
    </message>
    <message>
        <source>not needed for a local server</source>
        <translation>für einen lokalen Server nicht nötig</translation>
    </message>
</context>
<context>
    <name>ProviderKind</name>
    <message>
        <source>OpenAI-compatible</source>
        <translation>OpenAI-kompatibel</translation>
    </message>
    <message>
        <source>Anthropic Messages</source>
        <translation>Anthropic Messages</translation>
    </message>
    <message>
        <source>Ollama (native)</source>
        <translation>Ollama (nativ)</translation>
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
        <translation>FEHLGESCHLAGEN · {kind}: {error}</translation>
    </message>
    <message>
        <source>OK · first token in {first:.0f} ms · total {total:.0f} ms · model {model}</source>
        <translation>OK · erstes Token nach {first:.0f} ms · gesamt {total:.0f} ms · Modell {model}</translation>
    </message>
    <message>
        <source>OK · no text in the answer{ended} · total {total:.0f} ms · model {model}</source>
        <translation>OK · kein Text in der Antwort{ended} · gesamt {total:.0f} ms · Modell {model}</translation>
    </message>
    <message>
        <source> (finish reason: {reason})</source>
        <translation> (Abschlussgrund: {reason})</translation>
    </message>
    <message>
        <source>no model to test with</source>
        <translation>kein Modell zum Testen</translation>
    </message>
    <message>
        <source>no complete answer within {seconds:g} s</source>
        <translation>keine vollständige Antwort innerhalb von {seconds:g} s</translation>
    </message>
</context>
<context>
    <name>ProviderSettings</name>
    <message>
        <source>provider name {name!r} may contain only letters, digits, &apos;.&apos;, &apos;_&apos; and &apos;-&apos;</source>
        <translation>der Anbietername {name!r} darf nur Buchstaben, Ziffern, &apos;.&apos;, &apos;_&apos; und &apos;-&apos; enthalten</translation>
    </message>
    <message>
        <source>provider {name!r}: api_key_env looks like an API key itself; give the NAME of the environment variable that holds the key (for example OPENAI_API_KEY) - keys are never stored in the settings</source>
        <translation>Anbieter {name!r}: api_key_env sieht selbst wie ein API-Schlüssel aus; geben Sie den NAMEN der Umgebungsvariable an, die den Schlüssel enthält (zum Beispiel OPENAI_API_KEY) – Schlüssel werden nie in den Einstellungen gespeichert</translation>
    </message>
    <message>
        <source>provider {name!r}: api_key_env {env!r} is not a valid environment variable name (letters, digits and &apos;_&apos;, not starting with a digit)</source>
        <translation>Anbieter {name!r}: api_key_env {env!r} ist kein gültiger Name für eine Umgebungsvariable (Buchstaben, Ziffern und &apos;_&apos;, nicht mit einer Ziffer beginnend)</translation>
    </message>
    <message>
        <source>provider {name!r}: a base URL is required (http:// or https://)</source>
        <translation>Anbieter {name!r}: eine Basis-URL ist erforderlich (http:// oder https://)</translation>
    </message>
    <message>
        <source>provider {name!r}: base URL {url!r} is malformed ({detail})</source>
        <translation>Anbieter {name!r}: Basis-URL {url!r} ist fehlerhaft ({detail})</translation>
    </message>
    <message>
        <source>provider {name!r}: base URL {url!r} has an empty port after &apos;:&apos;</source>
        <translation>Anbieter {name!r}: Basis-URL {url!r} hat einen leeren Port nach &apos;:&apos;</translation>
    </message>
    <message>
        <source>provider {name!r}: base URL {url!r} must start with http:// or https:// and name a host</source>
        <translation>Anbieter {name!r}: Basis-URL {url!r} muss mit http:// oder https:// beginnen und einen Host nennen</translation>
    </message>
    <message>
        <source>provider {name!r}: base URL must not contain a user name or password; keys are never stored in the settings (use api_key_env)</source>
        <translation>Anbieter {name!r}: Die Basis-URL darf keinen Benutzernamen und kein Passwort enthalten; Schlüssel werden nie in den Einstellungen gespeichert (verwenden Sie api_key_env)</translation>
    </message>
    <message>
        <source>provider {name!r}: base URL must not contain a query or fragment (&apos;?&apos;, &apos;#&apos;)</source>
        <translation>Anbieter {name!r}: Die Basis-URL darf keine Abfrage und kein Fragment enthalten (&apos;?&apos;, &apos;#&apos;)</translation>
    </message>
    <message>
        <source>provider {name!r}: base URL must not contain spaces</source>
        <translation>Anbieter {name!r}: Die Basis-URL darf keine Leerzeichen enthalten</translation>
    </message>
</context>
<context>
    <name>ProvidersPage</name>
    <message>
        <source>Providers</source>
        <translation>Anbieter</translation>
    </message>
    <message>
        <source>Add provider</source>
        <translation>Anbieter hinzufügen</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Entfernen</translation>
    </message>
    <message>
        <source>Remove provider</source>
        <translation>Anbieter entfernen</translation>
    </message>
    <message>
        <source>Provider details</source>
        <translation>Details zum Anbieter</translation>
    </message>
    <message>
        <source>{unavailable_reason}. Keys are read from environment variables only (name the variable under Key variable).</source>
        <translation>{unavailable_reason}. Schlüssel werden nur aus Umgebungsvariablen gelesen (nennen Sie die Variable unter Schlüsselvariable).</translation>
    </message>
    <message>
        <source>{base_url}
key: {source}</source>
        <translation>{base_url}
Schlüssel: {source}</translation>
    </message>
    <message>
        <source>Key: {source}</source>
        <translation>Schlüssel: {source}</translation>
    </message>
    <message>
        <source>Remove {name!r} and its stored key?</source>
        <translation>{name!r} und seinen gespeicherten Schlüssel entfernen?</translation>
    </message>
    <message>
        <source>Cannot remove: {exc}</source>
        <translation>Entfernen nicht möglich: {exc}</translation>
    </message>
</context>
<context>
    <name>QuickAskWindow</name>
    <message>
        <source>Quick ask — Parley</source>
        <translation>Schnellfrage – Parley</translation>
    </message>
    <message>
        <source>Ask anything…</source>
        <translation>Fragen Sie irgendetwas…</translation>
    </message>
    <message>
        <source>Question</source>
        <translation>Frage</translation>
    </message>
    <message>
        <source>Answer</source>
        <translation>Antwort</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>Kopieren</translation>
    </message>
    <message>
        <source>Open in Parley</source>
        <translation>In Parley öffnen</translation>
    </message>
    <message>
        <source>the default model</source>
        <translation>das Standardmodell</translation>
    </message>
    <message>
        <source>{model} · Enter sends · Esc closes</source>
        <translation>{model} · Eingabe sendet · Esc schließt</translation>
    </message>
    <message>
        <source>Opening your profile…</source>
        <translation>Ihr Profil wird geöffnet…</translation>
    </message>
    <message>
        <source>No provider yet: add one in Parley&apos;s Settings → Providers.</source>
        <translation>Noch kein Anbieter: Fügen Sie einen unter Einstellungen → Anbieter in Parley hinzu.</translation>
    </message>
    <message>
        <source>Commands work in Parley&apos;s window; here, just ask.</source>
        <translation>Befehle funktionieren im Parley-Fenster; hier einfach fragen.</translation>
    </message>
    <message>
        <source>{model} is answering…</source>
        <translation>{model} antwortet…</translation>
    </message>
    <message>
        <source>Quick ask: {model} answered</source>
        <translation>Schnellfrage: {model} hat geantwortet</translation>
    </message>
    <message>
        <source>Copied.</source>
        <translation>Kopiert.</translation>
    </message>
</context>
<context>
    <name>QuickSwitcher</name>
    <message>
        <source>Go to conversation</source>
        <translation>Zur Unterhaltung wechseln</translation>
    </message>
    <message>
        <source>Type to find a conversation by title or content</source>
        <translation>Tippen, um eine Unterhaltung nach Titel oder Inhalt zu finden</translation>
    </message>
    <message>
        <source>Find a conversation</source>
        <translation>Unterhaltung finden</translation>
    </message>
    <message>
        <source>Matching conversations</source>
        <translation>Passende Unterhaltungen</translation>
    </message>
    <message>
        <source>{shown}
last activity {local_time}</source>
        <translation>{shown}
zuletzt aktiv {local_time}</translation>
    </message>
    <message>
        <source>{n_matches} by title; searching content…</source>
        <translation>{n_matches} nach Titel; Inhalt wird durchsucht…</translation>
    </message>
    <message>
        <source>Recent conversations</source>
        <translation>Letzte Unterhaltungen</translation>
    </message>
    <message>
        <source>{titles} by title, {added} more by content</source>
        <translation>{titles} nach Titel, {added} weitere nach Inhalt</translation>
    </message>
    <message>
        <source>Content search failed: {value}</source>
        <translation>Inhaltssuche fehlgeschlagen: {value}</translation>
    </message>
</context>
<context>
    <name>ResourceChip</name>
    <message>
        <source>MCP resource {title}</source>
        <translation>MCP-Ressource {title}</translation>
    </message>
    <message>
        <source>Remove {title}</source>
        <translation>{title} entfernen</translation>
    </message>
</context>
<context>
    <name>SamplingDialog</name>
    <message>
        <source>Let an MCP server use your model?</source>
        <translation>Einem MCP-Server Ihr Modell überlassen?</translation>
    </message>
    <message>
        <source>{server} asks your model to answer</source>
        <translation>{server} bittet Ihr Modell um eine Antwort</translation>
    </message>
    <message>
        <source>Nothing is sent until you allow it. The answer goes back to the server, not to the conversation. Deny is the default (Enter or Esc).</source>
        <translation>Nichts wird gesendet, bevor Sie es erlauben. Die Antwort geht an den Server zurück, nicht in die Unterhaltung. Ablehnen ist die Vorgabe (Eingabe oder Esc).</translation>
    </message>
    <message>
        <source>no model is configured</source>
        <translation>kein Modell eingerichtet</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>at most {max_tokens} tokens</source>
        <translation>höchstens {max_tokens} Token</translation>
    </message>
    <message>
        <source>Length</source>
        <translation>Länge</translation>
    </message>
    <message>
        <source>Asked for</source>
        <translation>Erbeten</translation>
    </message>
    <message>
        <source>System prompt</source>
        <translation>Systemprompt</translation>
    </message>
    <message>
        <source>Messages</source>
        <translation>Nachrichten</translation>
    </message>
    <message>
        <source>Allow once</source>
        <translation>Einmal erlauben</translation>
    </message>
    <message>
        <source>Deny</source>
        <translation>Ablehnen</translation>
    </message>
</context>
<context>
    <name>ScheduledController</name>
    <message>
        <source>&amp;Scheduled tasks…</source>
        <translation>&amp;Geplante Aufgaben…</translation>
    </message>
    <message>
        <source>&amp;Scheduled</source>
        <translation>&amp;Geplant</translation>
    </message>
    <message>
        <source>Scheduled</source>
        <translation>Geplant</translation>
    </message>
    <message>
        <source>Tasks run on time even while Parley is closed ({what}).</source>
        <translation>Aufgaben laufen pünktlich, auch wenn Parley geschlossen ist ({what}).</translation>
    </message>
    <message>
        <source>Tasks run while this window is open. The operating system&apos;s timer is not on: {why}</source>
        <translation>Aufgaben laufen, solange dieses Fenster offen ist. Der Zeitgeber des Betriebssystems ist nicht aktiv: {why}</translation>
    </message>
    <message>
        <source>Scheduled task “{name}” is running…</source>
        <translation>Geplante Aufgabe „{name}“ läuft…</translation>
    </message>
    <message>
        <source>a removed task</source>
        <translation>eine entfernte Aufgabe</translation>
    </message>
    <message>
        <source>completed</source>
        <translation>abgeschlossen</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>timed out</source>
        <translation>Zeit überschritten</translation>
    </message>
    <message>
        <source>was cancelled</source>
        <translation>wurde abgebrochen</translation>
    </message>
    <message>
        <source>was interrupted</source>
        <translation>wurde unterbrochen</translation>
    </message>
    <message>
        <source>could not start</source>
        <translation>konnte nicht starten</translation>
    </message>
    <message>
        <source>was missed</source>
        <translation>wurde verpasst</translation>
    </message>
    <message>
        <source>Scheduled task “{name}” {status}</source>
        <translation>Geplante Aufgabe „{name}“ {status}</translation>
    </message>
    <message>
        <source>Its conversation is in the Scheduled section.</source>
        <translation>Ihre Unterhaltung steht im Abschnitt Geplant.</translation>
    </message>
</context>
<context>
    <name>ScheduledPage</name>
    <message>
        <source>Scheduled tasks — Parley</source>
        <translation>Geplante Aufgaben – Parley</translation>
    </message>
    <message>
        <source>Scheduled tasks</source>
        <translation>Geplante Aufgaben</translation>
    </message>
    <message>
        <source>Add task…</source>
        <translation>Aufgabe hinzufügen…</translation>
    </message>
    <message>
        <source>Run now</source>
        <translation>Jetzt ausführen</translation>
    </message>
    <message>
        <source>Turn off</source>
        <translation>Ausschalten</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Entfernen</translation>
    </message>
    <message>
        <source>Task</source>
        <translation>Aufgabe</translation>
    </message>
    <message>
        <source>Schedule</source>
        <translation>Zeitplan</translation>
    </message>
    <message>
        <source>Next run</source>
        <translation>Nächster Lauf</translation>
    </message>
    <message>
        <source>Last run</source>
        <translation>Letzter Lauf</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>No scheduled tasks yet. Add one to have a prompt run on a schedule — every weekday at 8, every hour — even while this window is closed.</source>
        <translation>Noch keine geplanten Aufgaben. Fügen Sie eine hinzu, damit ein Prompt nach Zeitplan läuft – jeden Werktag um 8, jede Stunde –, auch wenn dieses Fenster geschlossen ist.</translation>
    </message>
    <message>
        <source>Runs</source>
        <translation>Läufe</translation>
    </message>
    <message>
        <source>When</source>
        <translation>Wann</translation>
    </message>
    <message>
        <source>How</source>
        <translation>Wie</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>Kosten</translation>
    </message>
    <message>
        <source>Files</source>
        <translation>Dateien</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>Hinweis</translation>
    </message>
    <message>
        <source>Open conversation</source>
        <translation>Unterhaltung öffnen</translation>
    </message>
    <message>
        <source>off</source>
        <translation>aus</translation>
    </message>
    <message>
        <source>never</source>
        <translation>nie</translation>
    </message>
    <message>
        <source>{n} action(s) refused</source>
        <translation>{n} Aktion(en) abgelehnt</translation>
    </message>
    <message>
        <source>(removed)</source>
        <translation>(entfernt)</translation>
    </message>
    <message>
        <source>running…</source>
        <translation>läuft…</translation>
    </message>
    <message>
        <source>completed</source>
        <translation>abgeschlossen</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>timed out</source>
        <translation>Zeit überschritten</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>abgebrochen</translation>
    </message>
    <message>
        <source>interrupted</source>
        <translation>unterbrochen</translation>
    </message>
    <message>
        <source>missed</source>
        <translation>verpasst</translation>
    </message>
    <message>
        <source>not started</source>
        <translation>nicht gestartet</translation>
    </message>
    <message>
        <source>on time</source>
        <translation>pünktlich</translation>
    </message>
    <message>
        <source>caught up</source>
        <translation>nachgeholt</translation>
    </message>
    <message>
        <source>by hand</source>
        <translation>von Hand</translation>
    </message>
    <message>
        <source>Turn on</source>
        <translation>Einschalten</translation>
    </message>
    <message>
        <source>Remove scheduled task</source>
        <translation>Geplante Aufgabe entfernen</translation>
    </message>
    <message>
        <source>Remove “{name}”? It will not run again; its past runs and their conversations stay.</source>
        <translation>„{name}“ entfernen? Sie wird nicht mehr ausgeführt; ihre bisherigen Läufe und deren Unterhaltungen bleiben.</translation>
    </message>
</context>
<context>
    <name>Schedules</name>
    <message>
        <source>the project {project!r} no longer exists</source>
        <translation>das Projekt {project!r} existiert nicht mehr</translation>
    </message>
    <message>
        <source>the task offers tools but its workspace {workspace} is not a folder</source>
        <translation>die Aufgabe bietet Werkzeuge an, aber ihr Arbeitsordner {workspace} ist kein Ordner</translation>
    </message>
    <message>
        <source>the provider {provider!r} is no longer configured</source>
        <translation>der Anbieter {provider!r} ist nicht mehr konfiguriert</translation>
    </message>
    <message>
        <source>no provider is configured (parley providers add)</source>
        <translation>kein Anbieter konfiguriert (parley providers add)</translation>
    </message>
    <message>
        <source>the prompt holds only commands; a task needs a message to send</source>
        <translation>der Prompt enthält nur Befehle; eine Aufgabe braucht eine Nachricht zum Senden</translation>
    </message>
    <message>
        <source>missed while nothing was running (the task does not catch up)</source>
        <translation>verpasst, während nichts lief (die Aufgabe wird nicht nachgeholt)</translation>
    </message>
    <message>
        <source>the operating system&apos;s timer is written only on Linux (systemd); on macOS and Windows see docs/user-guide/scheduled-tasks.md (launchd, Task Scheduler). Until then tasks run while Parley&apos;s window is open.</source>
        <translation>der Zeitgeber des Betriebssystems wird nur unter Linux (systemd) eingerichtet; für macOS und Windows siehe docs/user-guide/scheduled-tasks.md (launchd, Aufgabenplanung). Bis dahin laufen Aufgaben, solange das Fenster von Parley offen ist.</translation>
    </message>
    <message>
        <source>the timer&apos;s units are written ({folder}) but systemd could not turn them on: {problem}. In a desktop session run: systemctl --user daemon-reload &amp;&amp; systemctl --user enable --now {unit}.timer — until then tasks run only while Parley&apos;s window is open.</source>
        <translation>die Units des Zeitgebers sind geschrieben ({folder}), aber systemd konnte sie nicht aktivieren: {problem}. Führen Sie in einer Desktop-Sitzung aus: systemctl --user daemon-reload &amp;&amp; systemctl --user enable --now {unit}.timer – bis dahin laufen Aufgaben nur, solange das Fenster von Parley offen ist.</translation>
    </message>
    <message>
        <source>the systemd user timer {unit}.timer is on</source>
        <translation>der systemd-Benutzer-Timer {unit}.timer ist aktiv</translation>
    </message>
    <message>
        <source>no timer was installed</source>
        <translation>es wurde kein Zeitgeber installiert</translation>
    </message>
    <message>
        <source>the timer&apos;s files are removed; systemd said: {problem}</source>
        <translation>die Dateien des Zeitgebers sind entfernt; systemd meldete: {problem}</translation>
    </message>
    <message>
        <source>the systemd user timer {unit}.timer is removed</source>
        <translation>der systemd-Benutzer-Timer {unit}.timer ist entfernt</translation>
    </message>
    <message>
        <source>no systemd user timer is installed</source>
        <translation>es ist kein systemd-Benutzer-Timer installiert</translation>
    </message>
    <message>
        <source>the timer is written but not active ({problem})</source>
        <translation>der Zeitgeber ist geschrieben, aber nicht aktiv ({problem})</translation>
    </message>
    <message>
        <source>{unit}.timer is active</source>
        <translation>{unit}.timer ist aktiv</translation>
    </message>
    <message>
        <source>systemctl is not installed</source>
        <translation>systemctl ist nicht installiert</translation>
    </message>
</context>
<context>
    <name>SessionSearch</name>
    <message>
        <source>Search conversations ({keys_for})</source>
        <translation>Unterhaltungen durchsuchen ({keys_for})</translation>
    </message>
    <message>
        <source>Search</source>
        <translation>Suchen</translation>
    </message>
    <message>
        <source>Titles and content; Esc clears</source>
        <translation>Titel und Inhalt; Esc leert</translation>
    </message>
    <message>
        <source>(untitled)</source>
        <translation>(ohne Titel)</translation>
    </message>
    <message>
        <source>(title matches)</source>
        <translation>(Titel passt)</translation>
    </message>
    <message>
        <source>last activity {time} UTC</source>
        <translation>zuletzt aktiv {time} UTC</translation>
    </message>
</context>
<context>
    <name>SettingsController</name>
    <message>
        <source>Cannot read settings: {exc}</source>
        <translation>Einstellungen nicht lesbar: {exc}</translation>
    </message>
    <message>
        <source>No project</source>
        <translation>Kein Projekt</translation>
    </message>
    <message>
        <source>Cannot read skills: {exc}</source>
        <translation>Skills nicht lesbar: {exc}</translation>
    </message>
    <message>
        <source>switch to {model} ({provider})</source>
        <translation>zu {model} wechseln ({provider})</translation>
    </message>
    <message>
        <source>Start a new conversation</source>
        <translation>Neue Unterhaltung beginnen</translation>
    </message>
    <message>
        <source>Start a new conversation (the current one is kept)</source>
        <translation>Neue Unterhaltung beginnen (die jetzige bleibt erhalten)</translation>
    </message>
    <message>
        <source>What the commands do</source>
        <translation>Was die Befehle tun</translation>
    </message>
    <message>
        <source>Summarise the earlier messages to make room in the context</source>
        <translation>Die früheren Nachrichten zusammenfassen, um im Kontext Platz zu schaffen</translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <source>Providers</source>
        <translation>Anbieter</translation>
    </message>
    <message>
        <source>Where answers come from: cloud services and servers on this computer. Keys are kept in the system keyring, never in a file.</source>
        <translation>Woher die Antworten kommen: Cloud-Dienste und Server auf diesem Computer. Schlüssel werden im Schlüsselbund des Systems aufbewahrt, nie in einer Datei.</translation>
    </message>
    <message>
        <source>Skills &amp; Agents</source>
        <translation>Skills &amp; Agenten</translation>
    </message>
    <message>
        <source>Markdown files that give the model rules (skills) or a persona (agents). Use them with /skill NAME and /agent NAME.</source>
        <translation>Markdown-Dateien, die dem Modell Regeln (Skills) oder eine Persona (Agenten) geben. Verwenden Sie sie mit /skill NAME und /agent NAME.</translation>
    </message>
    <message>
        <source>Projects</source>
        <translation>Projekte</translation>
    </message>
    <message>
        <source>A workspace folder, shared instructions, a default model and tool permissions under one name.</source>
        <translation>Ein Arbeitsordner, gemeinsame Anweisungen, ein Standardmodell und Werkzeugberechtigungen unter einem Namen.</translation>
    </message>
    <message>
        <source>Prices</source>
        <translation>Preise</translation>
    </message>
    <message>
        <source>The price table behind the estimated cost shown under each answer.</source>
        <translation>Die Preistabelle hinter den geschätzten Kosten unter jeder Antwort.</translation>
    </message>
    <message>
        <source>MCP servers</source>
        <translation>MCP-Server</translation>
    </message>
    <message>
        <source>Tools from Model Context Protocol servers: programs on this computer or services on the web. Every call goes through Parley&apos;s permission checks.</source>
        <translation>Werkzeuge von Model-Context-Protocol-Servern: Programme auf diesem Computer oder Dienste im Web. Jeder Aufruf durchläuft die Berechtigungsprüfung von Parley.</translation>
    </message>
    <message>
        <source>Context &amp; knowledge</source>
        <translation>Kontext &amp; Wissen</translation>
    </message>
    <message>
        <source>How long conversations are summarised, and how large documents and projects&apos; knowledge folders are searched for each turn.</source>
        <translation>Wie lange Unterhaltungen zusammengefasst und wie große Dokumente und die Wissensordner von Projekten für jede Runde durchsucht werden.</translation>
    </message>
    <message>
        <source>Team</source>
        <translation>Team</translation>
    </message>
    <message>
        <source>Sync this computer&apos;s history with your team&apos;s store, in the background. This computer keeps working offline; the password is kept in the system keyring.</source>
        <translation>Den Verlauf dieses Computers im Hintergrund mit dem Speicher Ihres Teams synchronisieren. Dieser Computer arbeitet auch offline weiter; das Passwort wird im Schlüsselbund des Systems aufbewahrt.</translation>
    </message>
    <message>
        <source>Desktop</source>
        <translation>Desktop</translation>
    </message>
    <message>
        <source>Parley in the system tray, and Quick ask: one question from anywhere, with a key chord or the command parley quick.</source>
        <translation>Parley im Infobereich und die Schnellfrage: eine Frage von überall, mit einer Tastenkombination oder dem Befehl parley quick.</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>Einstellungen</translation>
    </message>
    <message>
        <source>Settings pages</source>
        <translation>Einstellungsseiten</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Schließen</translation>
    </message>
</context>
<context>
    <name>Shortcuts</name>
    <message>
        <source>Send</source>
        <translation>Senden</translation>
    </message>
    <message>
        <source>Send the prompt</source>
        <translation>Eingabe senden</translation>
    </message>
    <message>
        <source>New line</source>
        <translation>Neue Zeile</translation>
    </message>
    <message>
        <source>Start a new line in the prompt</source>
        <translation>Eine neue Zeile in der Eingabe beginnen</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Anhalten</translation>
    </message>
    <message>
        <source>Stop the answer being written (the partial answer is kept)</source>
        <translation>Die entstehende Antwort anhalten (die bisherige Antwort bleibt erhalten)</translation>
    </message>
    <message>
        <source>New conversation</source>
        <translation>Neue Unterhaltung</translation>
    </message>
    <message>
        <source>Start a new conversation</source>
        <translation>Neue Unterhaltung beginnen</translation>
    </message>
    <message>
        <source>Quick switch</source>
        <translation>Schnell wechseln</translation>
    </message>
    <message>
        <source>Jump to a conversation by its title</source>
        <translation>Über den Titel zu einer Unterhaltung springen</translation>
    </message>
    <message>
        <source>Find conversation</source>
        <translation>Unterhaltung finden</translation>
    </message>
    <message>
        <source>Search all conversations</source>
        <translation>Alle Unterhaltungen durchsuchen</translation>
    </message>
    <message>
        <source>History</source>
        <translation>Verlauf</translation>
    </message>
    <message>
        <source>Browse, verify and export the history</source>
        <translation>Den Verlauf durchsuchen, prüfen und exportieren</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>Einstellungen</translation>
    </message>
    <message>
        <source>Providers, keys and preferences</source>
        <translation>Anbieter, Schlüssel und Vorlieben</translation>
    </message>
    <message>
        <source>Copy last answer</source>
        <translation>Letzte Antwort kopieren</translation>
    </message>
    <message>
        <source>Copy the last answer to the clipboard</source>
        <translation>Die letzte Antwort in die Zwischenablage kopieren</translation>
    </message>
    <message>
        <source>Edit last message</source>
        <translation>Letzte Nachricht bearbeiten</translation>
    </message>
    <message>
        <source>Edit your last message (Up in an empty prompt); sending starts a new branch</source>
        <translation>Ihre letzte Nachricht bearbeiten (Pfeil nach oben in leerer Eingabe); Senden beginnt einen neuen Zweig</translation>
    </message>
    <message>
        <source>Attach files</source>
        <translation>Dateien anhängen</translation>
    </message>
    <message>
        <source>Choose files to attach to the prompt</source>
        <translation>Dateien wählen, die an die Eingabe angehängt werden</translation>
    </message>
    <message>
        <source>Toggle sidebar</source>
        <translation>Seitenleiste ein/aus</translation>
    </message>
    <message>
        <source>Show or hide the conversation list</source>
        <translation>Die Liste der Unterhaltungen zeigen oder ausblenden</translation>
    </message>
    <message>
        <source>Zoom in</source>
        <translation>Vergrößern</translation>
    </message>
    <message>
        <source>Make the text larger</source>
        <translation>Den Text vergrößern</translation>
    </message>
    <message>
        <source>Zoom out</source>
        <translation>Verkleinern</translation>
    </message>
    <message>
        <source>Make the text smaller</source>
        <translation>Den Text verkleinern</translation>
    </message>
    <message>
        <source>Reset zoom</source>
        <translation>Normale Größe</translation>
    </message>
    <message>
        <source>Back to the normal text size</source>
        <translation>Zurück zur normalen Textgröße</translation>
    </message>
    <message>
        <source>Show shortcuts</source>
        <translation>Tastenkürzel zeigen</translation>
    </message>
    <message>
        <source>This list of keyboard shortcuts</source>
        <translation>Diese Liste der Tastenkürzel</translation>
    </message>
    <message>
        <source>Rename conversation</source>
        <translation>Unterhaltung umbenennen</translation>
    </message>
    <message>
        <source>Rename the selected conversation</source>
        <translation>Die ausgewählte Unterhaltung umbenennen</translation>
    </message>
    <message>
        <source>Delete conversation</source>
        <translation>Unterhaltung löschen</translation>
    </message>
    <message>
        <source>Delete the selected conversation</source>
        <translation>Die ausgewählte Unterhaltung löschen</translation>
    </message>
    <message>
        <source>Undo delete</source>
        <translation>Löschen rückgängig machen</translation>
    </message>
    <message>
        <source>Bring back the conversation just deleted</source>
        <translation>Die gerade gelöschte Unterhaltung zurückholen</translation>
    </message>
    <message>
        <source>Message actions</source>
        <translation>Nachrichtenaktionen</translation>
    </message>
    <message>
        <source>Copy, regenerate or edit the message at the cursor (also the Menu key)</source>
        <translation>Die Nachricht am Cursor kopieren, neu erzeugen oder bearbeiten (auch mit der Menütaste)</translation>
    </message>
    <message>
        <source>Quit</source>
        <translation>Beenden</translation>
    </message>
    <message>
        <source>Quit Parley</source>
        <translation>Parley beenden</translation>
    </message>
</context>
<context>
    <name>ShortcutsDialog</name>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>Tastenkürzel</translation>
    </message>
    <message>
        <source>Filter shortcuts</source>
        <translation>Tastenkürzel filtern</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>Aktion</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>Tasten</translation>
    </message>
    <message>
        <source> or </source>
        <translation> oder </translation>
    </message>
    <message>
        <source>No shortcut matches.</source>
        <translation>Kein Tastenkürzel passt.</translation>
    </message>
</context>
<context>
    <name>SidebarController</name>
    <message>
        <source>Cannot search: {message}</source>
        <translation>Suche nicht möglich: {message}</translation>
    </message>
    <message>
        <source>Could not save the change: {message}</source>
        <translation>Die Änderung konnte nicht gespeichert werden: {message}</translation>
    </message>
    <message>
        <source>Stop the running answer before switching conversations.</source>
        <translation>Beenden Sie die laufende Antwort, bevor Sie die Unterhaltung wechseln.</translation>
    </message>
    <message>
        <source>Duplicated as “{title}”.</source>
        <translation>Dupliziert als „{title}“.</translation>
    </message>
    <message>
        <source>Stop the running answer before deleting this conversation.</source>
        <translation>Beenden Sie die laufende Antwort, bevor Sie diese Unterhaltung löschen.</translation>
    </message>
    <message>
        <source>Deleted “{value}”.</source>
        <translation>„{value}“ gelöscht.</translation>
    </message>
    <message>
        <source>The conversation is back.</source>
        <translation>Die Unterhaltung ist wieder da.</translation>
    </message>
</context>
<context>
    <name>SkillsPage</name>
    <message>
        <source>Skills</source>
        <translation>Skills</translation>
    </message>
    <message>
        <source>Agents</source>
        <translation>Agenten</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <source>Skills and agents</source>
        <translation>Skills und Agenten</translation>
    </message>
    <message>
        <source>New</source>
        <translation>Neu</translation>
    </message>
    <message>
        <source>New skill or agent</source>
        <translation>Neuer Skill oder Agent</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Löschen</translation>
    </message>
    <message>
        <source>Delete skill or agent</source>
        <translation>Skill oder Agent löschen</translation>
    </message>
    <message>
        <source>Open folder</source>
        <translation>Ordner öffnen</translation>
    </message>
    <message>
        <source>Open the folder of these files</source>
        <translation>Den Ordner dieser Dateien öffnen</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>lower-case, e.g. code-review</source>
        <translation>Kleinbuchstaben, z. B. code-review</translation>
    </message>
    <message>
        <source>Name error</source>
        <translation>Fehler im Namen</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>Beschreibung</translation>
    </message>
    <message>
        <source>one line: what it is for</source>
        <translation>eine Zeile: wofür es da ist</translation>
    </message>
    <message>
        <source>Text (Markdown)</source>
        <translation>Text (Markdown)</translation>
    </message>
    <message>
        <source>The rules or the persona, in Markdown</source>
        <translation>Die Regeln oder die Persona, in Markdown</translation>
    </message>
    <message>
        <source>Text error</source>
        <translation>Fehler im Text</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>Speichern</translation>
    </message>
    <message>
        <source>Save skill or agent</source>
        <translation>Skill oder Agent speichern</translation>
    </message>
    <message>
        <source>Save result</source>
        <translation>Ergebnis beim Speichern</translation>
    </message>
    <message>
        <source>Some files could not be used:</source>
        <translation>Einige Dateien konnten nicht verwendet werden:</translation>
    </message>
    <message>
        <source>Files that could not be used</source>
        <translation>Dateien, die nicht verwendet werden konnten</translation>
    </message>
    <message>
        <source>Document</source>
        <translation>Dokument</translation>
    </message>
    <message>
        <source>Lower-case words joined by hyphens; it is the file&apos;s name.</source>
        <translation>Kleingeschriebene Wörter, durch Bindestriche verbunden; das ist der Dateiname.</translation>
    </message>
    <message>
        <source>One line, shown in / completion.</source>
        <translation>Eine Zeile, gezeigt in der /-Vervollständigung.</translation>
    </message>
    <message>
        <source>Text</source>
        <translation>Text</translation>
    </message>
    <message>
        <source>Markdown: the rules (a skill) or the persona (an agent).</source>
        <translation>Markdown: die Regeln (ein Skill) oder die Persona (ein Agent).</translation>
    </message>
    <message>
        <source>Skills and agents are not available in this profile.</source>
        <translation>Skills und Agenten sind in diesem Profil nicht verfügbar.</translation>
    </message>
    <message>
        <source>Saved {kind} {name!r}.</source>
        <translation>{kind} {name!r} gespeichert.</translation>
    </message>
    <message>
        <source>{exc}; choose another name</source>
        <translation>{exc}; wählen Sie einen anderen Namen</translation>
    </message>
    <message>
        <source>Not saved: {exc}</source>
        <translation>Nicht gespeichert: {exc}</translation>
    </message>
    <message>
        <source>Deleted {kind} {name!r}.</source>
        <translation>{kind} {name!r} gelöscht.</translation>
    </message>
    <message>
        <source>Delete {kind}</source>
        <translation>{kind} löschen</translation>
    </message>
    <message>
        <source>Delete the {kind} {name!r}?</source>
        <translation>{kind} {name!r} löschen?</translation>
    </message>
</context>
<context>
    <name>StorePicker</name>
    <message>
        <source>History store</source>
        <translation>Verlaufsspeicher</translation>
    </message>
    <message>
        <source>Whose history to browse: this computer&apos;s, or a team store&apos;s</source>
        <translation>Wessen Verlauf durchsucht wird: der dieses Computers oder der eines Team-Speichers</translation>
    </message>
    <message>
        <source>This computer</source>
        <translation>Dieser Computer</translation>
    </message>
    <message>
        <source>History store error</source>
        <translation>Fehler beim Verlaufsspeicher</translation>
    </message>
    <message>
        <source>Open a team store…</source>
        <translation>Team-Speicher öffnen…</translation>
    </message>
</context>
<context>
    <name>StoreSwitch</name>
    <message>
        <source>No team store is set up (Settings → Team).</source>
        <translation>Kein Team-Speicher eingerichtet (Einstellungen → Team).</translation>
    </message>
    <message>
        <source>Opening the team store…</source>
        <translation>Der Team-Speicher wird geöffnet…</translation>
    </message>
    <message>
        <source>Cannot open the team store: {exc}</source>
        <translation>Team-Speicher kann nicht geöffnet werden: {exc}</translation>
    </message>
    <message>
        <source>This window cannot open a team store.</source>
        <translation>Dieses Fenster kann keinen Team-Speicher öffnen.</translation>
    </message>
    <message>
        <source>Opened; {note}</source>
        <translation>Geöffnet; {note}</translation>
    </message>
    <message>
        <source>Not opened — {exc}</source>
        <translation>Nicht geöffnet – {exc}</translation>
    </message>
</context>
<context>
    <name>Sync</name>
    <message>
        <source>server event {server_id} (from device {device}, #{seq}) of conversation {sid}: {problem}; nothing more of this conversation is accepted from the team store</source>
        <translation>Server-Ereignis {server_id} (von Gerät {device}, #{seq}) der Unterhaltung {sid}: {problem}; von dieser Unterhaltung wird nichts mehr aus dem Team-Speicher angenommen</translation>
    </message>
    <message>
        <source>the server sent no payload text to verify</source>
        <translation>der Server hat keinen Nutzdatentext zum Prüfen gesendet</translation>
    </message>
    <message>
        <source>payload changed: the event&apos;s content does not match its hash</source>
        <translation>Nutzdaten geändert: Der Inhalt des Ereignisses passt nicht zu seinem Hash</translation>
    </message>
    <message>
        <source>link broken: the event does not follow the one before it in the server&apos;s chain (an event removed, inserted or reordered)</source>
        <translation>Kette unterbrochen: Das Ereignis folgt in der Kette des Servers nicht auf das vorherige (ein Ereignis wurde entfernt, eingefügt oder umsortiert)</translation>
    </message>
    <message>
        <source>unreadable payload ({detail})</source>
        <translation>unlesbare Nutzdaten ({detail})</translation>
    </message>
    <message>
        <source>the event sent differs from the payload text the server hashed</source>
        <translation>das gesendete Ereignis weicht vom Nutzdatentext ab, den der Server gehasht hat</translation>
    </message>
</context>
<context>
    <name>SyncIndicator</name>
    <message>
        <source>Team sync status</source>
        <translation>Status der Team-Synchronisierung</translation>
    </message>
    <message>
        <source>Quarantined conversations</source>
        <translation>Unterhaltungen in Quarantäne</translation>
    </message>
    <message>
        <source>{action} syncing</source>
        <translation>Synchronisierung: {action}</translation>
    </message>
    <message>
        <source>Try syncing again now</source>
        <translation>Jetzt erneut synchronisieren</translation>
    </message>
</context>
<context>
    <name>TeamAccess</name>
    <message>
        <source>the password was not kept: {exc}</source>
        <translation>das Passwort wurde nicht gespeichert: {exc}</translation>
    </message>
</context>
<context>
    <name>TeamConnection</name>
    <message>
        <source>the system keyring</source>
        <translation>der Schlüsselbund des Systems</translation>
    </message>
    <message>
        <source>memory until Parley quits (no system keyring)</source>
        <translation>Arbeitsspeicher, bis Parley beendet wird (kein Schlüsselbund des Systems)</translation>
    </message>
    <message>
        <source>this installation of Parley cannot reach a team store</source>
        <translation>diese Parley-Installation kann keinen Team-Speicher erreichen</translation>
    </message>
    <message>
        <source>the team store&apos;s address: {problem}</source>
        <translation>die Adresse des Team-Speichers: {problem}</translation>
    </message>
    <message>
        <source>this profile&apos;s history is open read-only: it cannot sync</source>
        <translation>der Verlauf dieses Profils ist schreibgeschützt geöffnet: Er kann nicht synchronisiert werden</translation>
    </message>
    <message>
        <source>it must start with postgresql://</source>
        <translation>sie muss mit postgresql:// beginnen</translation>
    </message>
    <message>
        <source>it must name the member, as postgresql://NAME@host/database</source>
        <translation>sie muss das Mitglied nennen, in der Form postgresql://NAME@host/database</translation>
    </message>
    <message>
        <source>it must not carry a password (Parley keeps it in the system keyring)</source>
        <translation>sie darf kein Passwort enthalten (Parley bewahrt es im Schlüsselbund des Systems auf)</translation>
    </message>
    <message>
        <source>it must name the database, as postgresql://NAME@host/database</source>
        <translation>sie muss die Datenbank nennen, in der Form postgresql://NAME@host/database</translation>
    </message>
</context>
<context>
    <name>TeamPage</name>
    <message>
        <source>pushed {pushed} and pulled {pulled} events</source>
        <translation>{pushed} Ereignisse gesendet und {pulled} abgerufen</translation>
    </message>
    <message>
        <source>None</source>
        <translation>Keines</translation>
    </message>
    <message>
        <source>Team store address</source>
        <translation>Adresse des Team-Speichers</translation>
    </message>
    <message>
        <source>Member</source>
        <translation>Mitglied</translation>
    </message>
    <message>
        <source>This device</source>
        <translation>Dieses Gerät</translation>
    </message>
    <message>
        <source>Where the password is kept</source>
        <translation>Wo das Passwort aufbewahrt wird</translation>
    </message>
    <message>
        <source>Sync in the background</source>
        <translation>Im Hintergrund synchronisieren</translation>
    </message>
    <message>
        <source>Sync with the team store</source>
        <translation>Mit dem Team-Speicher synchronisieren</translation>
    </message>
    <message>
        <source>Seconds between syncs</source>
        <translation>Sekunden zwischen Synchronisierungen</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>Speichern</translation>
    </message>
    <message>
        <source>Save team settings</source>
        <translation>Team-Einstellungen speichern</translation>
    </message>
    <message>
        <source>Sync now</source>
        <translation>Jetzt synchronisieren</translation>
    </message>
    <message>
        <source>Leave</source>
        <translation>Verlassen</translation>
    </message>
    <message>
        <source>Leave the team store</source>
        <translation>Den Team-Speicher verlassen</translation>
    </message>
    <message>
        <source>Stop syncing: this computer keeps its history; the password is removed from the keyring</source>
        <translation>Synchronisierung beenden: Dieser Computer behält seinen Verlauf; das Passwort wird aus dem Schlüsselbund entfernt</translation>
    </message>
    <message>
        <source>Team store message</source>
        <translation>Meldung des Team-Speichers</translation>
    </message>
    <message>
        <source>Team store address to join</source>
        <translation>Adresse des Team-Speichers zum Beitreten</translation>
    </message>
    <message>
        <source>postgresql://NAME@host:5432/database</source>
        <translation>postgresql://NAME@host:5432/datenbank</translation>
    </message>
    <message>
        <source>Password on the team store</source>
        <translation>Passwort für den Team-Speicher</translation>
    </message>
    <message>
        <source>kept in the system keyring</source>
        <translation>im Schlüsselbund des Systems aufbewahrt</translation>
    </message>
    <message>
        <source>Join…</source>
        <translation>Beitreten…</translation>
    </message>
    <message>
        <source>Join the team store</source>
        <translation>Dem Team-Speicher beitreten</translation>
    </message>
    <message>
        <source>Join result</source>
        <translation>Ergebnis des Beitritts</translation>
    </message>
    <message>
        <source>The team store</source>
        <translation>Der Team-Speicher</translation>
    </message>
    <message>
        <source>Address</source>
        <translation>Adresse</translation>
    </message>
    <message>
        <source>Password</source>
        <translation>Passwort</translation>
    </message>
    <message>
        <source>Never in a file Parley writes.</source>
        <translation>Nie in einer Datei, die Parley schreibt.</translation>
    </message>
    <message>
        <source>Your name on the team store.</source>
        <translation>Ihr Name im Team-Speicher.</translation>
    </message>
    <message>
        <source>How the team store tells this desktop apart.</source>
        <translation>Woran der Team-Speicher diesen Rechner erkennt.</translation>
    </message>
    <message>
        <source>Sync</source>
        <translation>Synchronisierung</translation>
    </message>
    <message>
        <source>Off: nothing is sent or fetched; nothing is lost.</source>
        <translation>Aus: Nichts wird gesendet oder abgerufen; nichts geht verloren.</translation>
    </message>
    <message>
        <source>Every</source>
        <translation>Alle</translation>
    </message>
    <message>
        <source>While Parley is open, and after every answer.</source>
        <translation>Solange Parley offen ist, und nach jeder Antwort.</translation>
    </message>
    <message>
        <source>Join a team store</source>
        <translation>Einem Team-Speicher beitreten</translation>
    </message>
    <message>
        <source>From your team&apos;s administrator (parley team add-member).</source>
        <translation>Von der Administration Ihres Teams (parley team add-member).</translation>
    </message>
    <message>
        <source>Checked with a first sync before it is kept.</source>
        <translation>Wird mit einer ersten Synchronisierung geprüft, bevor es behalten wird.</translation>
    </message>
    <message>
        <source>None — join one below</source>
        <translation>Keiner – treten Sie unten einem bei</translation>
    </message>
    <message>
        <source>In {kept}.</source>
        <translation>In {kept}.</translation>
    </message>
    <message>
        <source>Not kept: libpq reads ~/.pgpass, or join again to give it.</source>
        <translation>Nicht gespeichert: libpq liest ~/.pgpass, oder treten Sie erneut bei, um es anzugeben.</translation>
    </message>
    <message>
        <source>Saved.</source>
        <translation>Gespeichert.</translation>
    </message>
    <message>
        <source>Syncing now — the window&apos;s status line says how it went.</source>
        <translation>Synchronisierung läuft – die Statuszeile des Fensters sagt, wie es lief.</translation>
    </message>
    <message>
        <source>Synced: {outcome_text}.</source>
        <translation>Synchronisiert: {outcome_text}.</translation>
    </message>
    <message>
        <source>Could not sync: {error}</source>
        <translation>Synchronisierung nicht möglich: {error}</translation>
    </message>
    <message>
        <source>Could not sync: {exc}</source>
        <translation>Synchronisierung nicht möglich: {exc}</translation>
    </message>
    <message>
        <source>Syncing…</source>
        <translation>Wird synchronisiert…</translation>
    </message>
    <message>
        <source>Left {address}: this computer&apos;s history is kept.</source>
        <translation>{address} verlassen: Der Verlauf dieses Computers bleibt erhalten.</translation>
    </message>
    <message>
        <source>type the team store&apos;s address</source>
        <translation>geben Sie die Adresse des Team-Speichers ein</translation>
    </message>
    <message>
        <source>The address: {problem}.</source>
        <translation>Die Adresse: {problem}.</translation>
    </message>
    <message>
        <source>Joined as {member}: {outcome}.</source>
        <translation>Beigetreten als {member}: {outcome}.</translation>
    </message>
    <message>
        <source>No system keyring could keep the password ({problem}), so it is kept in memory until Parley quits: to sync after a restart, set PGPASSWORD or use ~/.pgpass.</source>
        <translation>Kein Schlüsselbund des Systems konnte das Passwort aufbewahren ({problem}), daher bleibt es im Arbeitsspeicher, bis Parley beendet wird: Um nach einem Neustart zu synchronisieren, setzen Sie PGPASSWORD oder verwenden Sie ~/.pgpass.</translation>
    </message>
    <message>
        <source>Could not join: {value}</source>
        <translation>Beitritt nicht möglich: {value}</translation>
    </message>
    <message>
        <source>Could not join: {exc}</source>
        <translation>Beitritt nicht möglich: {exc}</translation>
    </message>
    <message>
        <source>Joining: a first sync with the team store…</source>
        <translation>Beitritt: eine erste Synchronisierung mit dem Team-Speicher…</translation>
    </message>
</context>
<context>
    <name>TeamStore</name>
    <message>
        <source>the team store {where} refused the login: {detail}</source>
        <translation>der Team-Speicher {where} hat die Anmeldung abgelehnt: {detail}</translation>
    </message>
    <message>
        <source>cannot reach the team store {where} (no connection within the timeout)</source>
        <translation>der Team-Speicher {where} ist nicht erreichbar (keine Verbindung innerhalb der Zeitgrenze)</translation>
    </message>
    <message>
        <source>cannot reach the team store {where} ({detail})</source>
        <translation>der Team-Speicher {where} ist nicht erreichbar ({detail})</translation>
    </message>
    <message>
        <source>the team database {where} is not set up for this Parley (missing {missing}); its owner must run init_team</source>
        <translation>die Team-Datenbank {where} ist nicht für dieses Parley eingerichtet (es fehlt {missing}); ihr Besitzer muss init_team ausführen</translation>
    </message>
</context>
<context>
    <name>TeamSync</name>
    <message>
        <source>just now</source>
        <translation>gerade eben</translation>
    </message>
    <message>
        <source>{minutes} min ago</source>
        <translation>vor {minutes} Min.</translation>
    </message>
    <message>
        <source>{hours} h ago</source>
        <translation>vor {hours} Std.</translation>
    </message>
    <message>
        <source>{days} d ago</source>
        <translation>vor {days} T.</translation>
    </message>
    <message>
        <source>unknown error</source>
        <translation>unbekannter Fehler</translation>
    </message>
    <message>
        <source>no password — join again in Settings → Team, or set PGPASSWORD</source>
        <translation>kein Passwort – treten Sie unter Einstellungen → Team erneut bei oder setzen Sie PGPASSWORD</translation>
    </message>
    <message>
        <source>the login was refused — check the password in Settings → Team</source>
        <translation>die Anmeldung wurde abgelehnt – prüfen Sie das Passwort unter Einstellungen → Team</translation>
    </message>
    <message>
        <source>Synced {ago}</source>
        <translation>Synchronisiert {ago}</translation>
    </message>
    <message>
        <source>Last synced {ago}</source>
        <translation>Zuletzt synchronisiert {ago}</translation>
    </message>
    <message>
        <source>Sync paused</source>
        <translation>Synchronisierung pausiert</translation>
    </message>
    <message>
        <source>Syncing…</source>
        <translation>Wird synchronisiert…</translation>
    </message>
    <message>
        <source>Offline — retrying in {wait} s</source>
        <translation>Offline – neuer Versuch in {wait} s</translation>
    </message>
    <message>
        <source>Offline</source>
        <translation>Offline</translation>
    </message>
    <message>
        <source>Sync stopped: {error}</source>
        <translation>Synchronisierung angehalten: {error}</translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>Fortsetzen</translation>
    </message>
    <message>
        <source>Sync failed — retrying in {wait} s</source>
        <translation>Synchronisierung fehlgeschlagen – neuer Versuch in {wait} s</translation>
    </message>
    <message>
        <source>Retry now</source>
        <translation>Jetzt erneut versuchen</translation>
    </message>
    <message>
        <source>Sync stopped</source>
        <translation>Synchronisierung angehalten</translation>
    </message>
    <message>
        <source>Not synced yet</source>
        <translation>Noch nicht synchronisiert</translation>
    </message>
    <message>
        <source>Team store: {address}</source>
        <translation>Team-Speicher: {address}</translation>
    </message>
    <message>
        <source>Team store</source>
        <translation>Team-Speicher</translation>
    </message>
    <message>
        <source>This device: {device}</source>
        <translation>Dieses Gerät: {device}</translation>
    </message>
    <message>
        <source>Pushed {pushed}, pulled {pulled} events since start</source>
        <translation>Seit dem Start {pushed} Ereignisse gesendet, {pulled} abgerufen</translation>
    </message>
    <message>
        <source>Last error: {error}</source>
        <translation>Letzter Fehler: {error}</translation>
    </message>
    <message>
        <source>{count} conversation quarantined (the team store&apos;s copy did not verify; nothing more of it is accepted): {named}. Why: {reasons}</source>
        <translation>{count} Unterhaltung in Quarantäne (die Kopie im Team-Speicher ließ sich nicht verifizieren; nichts mehr davon wird angenommen): {named}. Grund: {reasons}</translation>
    </message>
    <message>
        <source>{count} conversations quarantined (the team store&apos;s copy did not verify; nothing more of it is accepted): {named}. Why: {reasons}</source>
        <translation>{count} Unterhaltungen in Quarantäne (die Kopie im Team-Speicher ließ sich nicht verifizieren; nichts mehr davon wird angenommen): {named}. Grund: {reasons}</translation>
    </message>
</context>
<context>
    <name>ThinkingIndicator</name>
    <message>
        <source>Answer status</source>
        <translation>Status der Antwort</translation>
    </message>
    <message>
        <source>Thinking…</source>
        <translation>Denke nach…</translation>
    </message>
    <message>
        <source>Waiting for {model}&apos;s first words</source>
        <translation>Warten auf die ersten Worte von {model}</translation>
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
        <translation>Runde begonnen</translation>
    </message>
    <message>
        <source>User message</source>
        <translation>Nachricht des Nutzers</translation>
    </message>
    <message>
        <source>Attachment</source>
        <translation>Anhang</translation>
    </message>
    <message>
        <source>Reasoning</source>
        <translation>Überlegungen</translation>
    </message>
    <message>
        <source>Answer</source>
        <translation>Antwort</translation>
    </message>
    <message>
        <source>Tool call</source>
        <translation>Werkzeugaufruf</translation>
    </message>
    <message>
        <source>Tool result</source>
        <translation>Werkzeugergebnis</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>Entscheidung</translation>
    </message>
    <message>
        <source>Permission asked</source>
        <translation>Berechtigung angefragt</translation>
    </message>
    <message>
        <source>Notice</source>
        <translation>Hinweis</translation>
    </message>
    <message>
        <source>Fact</source>
        <translation>Fakt</translation>
    </message>
    <message>
        <source>Compaction</source>
        <translation>Verdichtung</translation>
    </message>
    <message>
        <source>Context check</source>
        <translation>Kontextprüfung</translation>
    </message>
    <message>
        <source>Retrieval</source>
        <translation>Abruf</translation>
    </message>
    <message>
        <source>Turn finished</source>
        <translation>Runde beendet</translation>
    </message>
    <message>
        <source>{input} in / {output} out tokens</source>
        <translation>{input} ein / {output} aus (Token)</translation>
    </message>
    <message>
        <source>(arguments could not be read)</source>
        <translation>(Argumente konnten nicht gelesen werden)</translation>
    </message>
    <message>
        <source>default model</source>
        <translation>Standardmodell</translation>
    </message>
    <message>
        <source>retry of {turn}</source>
        <translation>Wiederholung von {turn}</translation>
    </message>
    <message>
        <source>follows {turn}</source>
        <translation>folgt auf {turn}</translation>
    </message>
    <message>
        <source>agent {role}</source>
        <translation>Agent {role}</translation>
    </message>
    <message>
        <source>review note</source>
        <translation>Prüfnotiz</translation>
    </message>
    <message>
        <source>{count} attachment(s)</source>
        <translation>{count} Anhang/Anhänge</translation>
    </message>
    <message>
        <source>gate {mode}</source>
        <translation>Freigabemodus {mode}</translation>
    </message>
    <message>
        <source>(redacted reasoning)</source>
        <translation>(geschwärzte Überlegungen)</translation>
    </message>
    <message>
        <source> (partial)</source>
        <translation> (unvollständig)</translation>
    </message>
    <message>
        <source>assistant</source>
        <translation>Assistent</translation>
    </message>
    <message>
        <source> · effect {effect}</source>
        <translation> · Wirkung {effect}</translation>
    </message>
    <message>
        <source>{decision} · {tool}{effect}{confined} · rule {rule} · decided by {source}</source>
        <translation>{decision} · {tool}{effect}{confined} · Regel {rule} · entschieden von {source}</translation>
    </message>
    <message>
        <source>ok</source>
        <translation>OK</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>{what} · for: {query}</source>
        <translation>{what} · Anfrage: {query}</translation>
    </message>
    <message>
        <source>{seconds:.1f} s</source>
        <translation>{seconds:.1f} s</translation>
    </message>
    <message>
        <source>not sent: {error}</source>
        <translation>nicht gesendet: {error}</translation>
    </message>
    <message>
        <source>sent as {type} image</source>
        <translation>als Bild gesendet ({type})</translation>
    </message>
    <message>
        <source>{chars} characters extracted</source>
        <translation>{chars} Zeichen extrahiert</translation>
    </message>
    <message>
        <source> by {extractor}</source>
        <translation> mit {extractor}</translation>
    </message>
    <message>
        <source> (truncated)</source>
        <translation> (gekürzt)</translation>
    </message>
    <message>
        <source>Select a conversation to see its timeline.</source>
        <translation>Wählen Sie eine Unterhaltung, um ihren Zeitverlauf zu sehen.</translation>
    </message>
    <message>
        <source>Raw JSON</source>
        <translation>Rohes JSON</translation>
    </message>
    <message>
        <source>Show the event exactly as the log stores it</source>
        <translation>Das Ereignis genau so zeigen, wie das Protokoll es speichert</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>Ereignis</translation>
    </message>
    <message>
        <source>Next match</source>
        <translation>Nächster Treffer</translation>
    </message>
    <message>
        <source>Go to the next event matching the search (F3)</source>
        <translation>Zum nächsten Ereignis springen, das zur Suche passt (F3)</translation>
    </message>
    <message>
        <source>Match {number} of {count}: {snippet}</source>
        <translation>Treffer {number} von {count}: {snippet}</translation>
    </message>
</context>
<context>
    <name>Toast</name>
    <message>
        <source>Notification</source>
        <translation>Benachrichtigung</translation>
    </message>
    <message>
        <source>Dismiss notification</source>
        <translation>Benachrichtigung schließen</translation>
    </message>
    <message>
        <source>Dismiss</source>
        <translation>Schließen</translation>
    </message>
</context>
<context>
    <name>ToolCard</name>
    <message>
        <source>ran</source>
        <translation>ausgeführt</translation>
    </message>
    <message>
        <source>allowed by you</source>
        <translation>von Ihnen erlaubt</translation>
    </message>
    <message>
        <source>waiting for your permission</source>
        <translation>wartet auf Ihre Erlaubnis</translation>
    </message>
    <message>
        <source>refused</source>
        <translation>abgelehnt</translation>
    </message>
    <message>
        <source>rejected: the model was asked to correct it</source>
        <translation>zurückgewiesen: Das Modell wurde gebeten, ihn zu korrigieren</translation>
    </message>
    <message>
        <source>dropped</source>
        <translation>verworfen</translation>
    </message>
    <message>
        <source>skipped: already done</source>
        <translation>übersprungen: bereits erledigt</translation>
    </message>
    <message>
        <source>checking…</source>
        <translation>wird geprüft…</translation>
    </message>
    <message>
        <source>{label} ✓</source>
        <translation>{label} ✓</translation>
    </message>
    <message>
        <source>{label}, failed ✗</source>
        <translation>{label}, fehlgeschlagen ✗</translation>
    </message>
    <message>
        <source>(the call was not recorded)</source>
        <translation>(der Aufruf wurde nicht aufgezeichnet)</translation>
    </message>
    <message>
        <source>(arguments could not be read)</source>
        <translation>(die Argumente waren nicht lesbar)</translation>
    </message>
    <message>
        <source>arguments:</source>
        <translation>Argumente:</translation>
    </message>
    <message>
        <source>result:</source>
        <translation>Ergebnis:</translation>
    </message>
    <message>
        <source>result (failed):</source>
        <translation>Ergebnis (fehlgeschlagen):</translation>
    </message>
    <message>
        <source>verdict: {decision} ({source}) · rule {rule}{effect}</source>
        <translation>Entscheidung: {decision} ({source}) · Regel {rule}{effect}</translation>
    </message>
    <message>
        <source>Not run: the turn was stopped.</source>
        <translation>Nicht ausgeführt: Die Runde wurde angehalten.</translation>
    </message>
    <message>
        <source>Stopped: the user stopped the call to {tool} of MCP server {server} before it finished.</source>
        <translation>Angehalten: Der Nutzer hat den Aufruf von {tool} des MCP-Servers {server} angehalten, bevor er fertig war.</translation>
    </message>
    <message>
        <source>Timed out: MCP server {server} did not finish {tool} within {seconds:g} s; the call was abandoned.</source>
        <translation>Zeit überschritten: MCP-Server {server} hat {tool} nicht innerhalb von {seconds:g} s abgeschlossen; der Aufruf wurde aufgegeben.</translation>
    </message>
    <message>
        <source>Failed: MCP server {server} could not run {tool}: {error}</source>
        <translation>Fehlgeschlagen: MCP-Server {server} konnte {tool} nicht ausführen: {error}</translation>
    </message>
    <message>
        <source>Not allowed: {reason}. Tool {tool} of MCP server {server} was not run.</source>
        <translation>Nicht erlaubt: {reason}. Werkzeug {tool} des MCP-Servers {server} wurde nicht ausgeführt.</translation>
    </message>
    <message>
        <source>The user did not allow this action.</source>
        <translation>Der Nutzer hat diese Aktion nicht erlaubt.</translation>
    </message>
</context>
<context>
    <name>ToolsControl</name>
    <message>
        <source>Tools</source>
        <translation>Werkzeuge</translation>
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
        <translation>Keine Werkzeuge</translation>
    </message>
    <message>
        <source>Read only</source>
        <translation>Nur lesen</translation>
    </message>
    <message>
        <source>All tools</source>
        <translation>Alle Werkzeuge</translation>
    </message>
    <message>
        <source>Ask before risky commands</source>
        <translation>Vor riskanten Befehlen fragen</translation>
    </message>
    <message>
        <source>Ask before every command</source>
        <translation>Vor jedem Befehl fragen</translation>
    </message>
    <message>
        <source>Tools for this conversation</source>
        <translation>Werkzeuge für diese Unterhaltung</translation>
    </message>
    <message>
        <source>The model can read and work only inside the workspace folder, and asks before anything risky.</source>
        <translation>Das Modell kann nur im Arbeitsordner lesen und arbeiten und fragt vor allem Riskanten nach.</translation>
    </message>
    <message>
        <source>Choose a folder…</source>
        <translation>Ordner wählen…</translation>
    </message>
    <message>
        <source>Workspace folder</source>
        <translation>Arbeitsordner</translation>
    </message>
    <message>
        <source>The folder the model&apos;s tools may read and work in</source>
        <translation>Der Ordner, in dem die Werkzeuge des Modells lesen und arbeiten dürfen</translation>
    </message>
    <message>
        <source>Clear workspace</source>
        <translation>Arbeitsordner entfernen</translation>
    </message>
    <message>
        <source>No workspace: the model uses no tools</source>
        <translation>Kein Arbeitsordner: Das Modell verwendet keine Werkzeuge</translation>
    </message>
    <message>
        <source>Tools the model may use</source>
        <translation>Werkzeuge, die das Modell verwenden darf</translation>
    </message>
    <message>
        <source>When to ask before a command runs</source>
        <translation>Wann vor dem Ausführen eines Befehls gefragt wird</translation>
    </message>
    <message>
        <source>Sandbox</source>
        <translation>Sandbox</translation>
    </message>
    <message>
        <source>MCP servers</source>
        <translation>MCP-Server</translation>
    </message>
    <message>
        <source>MCP servers for this conversation</source>
        <translation>MCP-Server für diese Unterhaltung</translation>
    </message>
    <message>
        <source>None yet: add one in Settings → MCP servers.</source>
        <translation>Noch keiner: Fügen Sie unter Einstellungen → MCP-Server einen hinzu.</translation>
    </message>
    <message>
        <source>Workspace</source>
        <translation>Arbeitsordner</translation>
    </message>
    <message>
        <source>Tools</source>
        <translation>Werkzeuge</translation>
    </message>
    <message>
        <source>Ask</source>
        <translation>Fragen</translation>
    </message>
    <message>
        <source>{folder} — click to choose another</source>
        <translation>{folder} – klicken, um einen anderen zu wählen</translation>
    </message>
    <message>
        <source>Choose a folder for tools</source>
        <translation>Ordner für Werkzeuge wählen</translation>
    </message>
    <message>
        <source>MCP server {name}</source>
        <translation>MCP-Server {name}</translation>
    </message>
    <message>
        <source>Offer the tools of {name} in this conversation</source>
        <translation>Die Werkzeuge von {name} in dieser Unterhaltung anbieten</translation>
    </message>
    <message>
        <source>{name} is turned off in Settings → MCP servers</source>
        <translation>{name} ist unter Einstellungen → MCP-Server ausgeschaltet</translation>
    </message>
</context>
<context>
    <name>TranscriptView</name>
    <message>
        <source>Conversation</source>
        <translation>Unterhaltung</translation>
    </message>
    <message>
        <source>The messages of the open conversation. Hover a message or press the context-menu key (Shift+F10) for its actions: copy, regenerate, edit. Tab moves between links; Enter or Space opens or closes an answer&apos;s reasoning or a tool&apos;s details.</source>
        <translation>Die Nachrichten der geöffneten Unterhaltung. Zeigen Sie auf eine Nachricht oder drücken Sie die Kontextmenütaste (Umschalt+F10) für ihre Aktionen: kopieren, neu erzeugen, bearbeiten. Tab springt zwischen Links; Eingabe oder Leertaste öffnet oder schließt die Überlegungen einer Antwort oder die Details eines Werkzeugs.</translation>
    </message>
    <message>
        <source>Start a conversation: type below and press Ctrl+Enter.
Esc stops an answer; the text so far is kept.</source>
        <translation>Beginnen Sie eine Unterhaltung: Tippen Sie unten und drücken Sie Strg+Eingabe.
Esc hält eine Antwort an; der bisherige Text bleibt erhalten.</translation>
    </message>
    <message>
        <source>↑ Show 1 earlier message</source>
        <translation>↑ 1 frühere Nachricht zeigen</translation>
    </message>
    <message>
        <source>↑ Show {count:,} earlier messages</source>
        <translation>↑ {count:,} frühere Nachrichten zeigen</translation>
    </message>
</context>
<context>
    <name>TrayMenu</name>
    <message>
        <source>Show Parley</source>
        <translation>Parley zeigen</translation>
    </message>
    <message>
        <source>New chat</source>
        <translation>Neuer Chat</translation>
    </message>
    <message>
        <source>Quick ask…</source>
        <translation>Schnellfrage…</translation>
    </message>
    <message>
        <source>Recent conversations</source>
        <translation>Letzte Unterhaltungen</translation>
    </message>
    <message>
        <source>Pause schedules</source>
        <translation>Zeitpläne pausieren</translation>
    </message>
    <message>
        <source>Quit Parley</source>
        <translation>Parley beenden</translation>
    </message>
    <message>
        <source>Untitled</source>
        <translation>Ohne Titel</translation>
    </message>
    <message>
        <source>No conversations yet</source>
        <translation>Noch keine Unterhaltungen</translation>
    </message>
</context>
<context>
    <name>TurnOutcome</name>
    <message>
        <source>(stopped)</source>
        <translation>(angehalten)</translation>
    </message>
    <message>
        <source>(stopped — partial answer kept)</source>
        <translation>(angehalten – Teilantwort behalten)</translation>
    </message>
    <message>
        <source>(interrupted — Parley closed while this answer was streaming)</source>
        <translation>(unterbrochen – Parley wurde geschlossen, während diese Antwort gestreamt wurde)</translation>
    </message>
    <message>
        <source>Timed out.</source>
        <translation>Zeit überschritten.</translation>
    </message>
    <message>
        <source>Timed out: {error}</source>
        <translation>Zeit überschritten: {error}</translation>
    </message>
    <message>
        <source>Failed.</source>
        <translation>Fehlgeschlagen.</translation>
    </message>
    <message>
        <source>Failed: {error}</source>
        <translation>Fehlgeschlagen: {error}</translation>
    </message>
    <message>
        <source>The model chosen to summarise earlier messages is not available ({exc}); {model} writes the summary instead.</source>
        <translation>Das Modell, das frühere Nachrichten zusammenfassen soll, ist nicht verfügbar ({exc}); stattdessen schreibt {model} die Zusammenfassung.</translation>
    </message>
    <message>
        <source>Earlier messages could not be summarised: {reason}. The conversation is unchanged.</source>
        <translation>Frühere Nachrichten konnten nicht zusammengefasst werden: {reason}. Die Unterhaltung ist unverändert.</translation>
    </message>
    <message>
        <source>The documents could not be searched ({exc}); the model answers without excerpts.</source>
        <translation>Die Dokumente konnten nicht durchsucht werden ({exc}); das Modell antwortet ohne Auszüge.</translation>
    </message>
    <message>
        <source>This message does not fit {model}&apos;s context window: the request needs about {needed:,} tokens, and {available:,} are available ({window:,} in the window, {reserved:,} kept for the answer), even after summarising the earlier conversation. Nothing was sent. Shorten the message, remove an attachment or have it searched instead of sent whole (its menu), or choose a model with a larger window.</source>
        <translation>Diese Nachricht passt nicht in das Kontextfenster von {model}: Die Anfrage braucht etwa {needed:,} Token, verfügbar sind {available:,} ({window:,} im Fenster, {reserved:,} für die Antwort reserviert), selbst nachdem die frühere Unterhaltung zusammengefasst wurde. Es wurde nichts gesendet. Kürzen Sie die Nachricht, entfernen Sie einen Anhang oder lassen Sie ihn durchsuchen statt ganz senden (sein Menü), oder wählen Sie ein Modell mit größerem Fenster.</translation>
    </message>
    <message>
        <source>The answer was cut off: the model reached its output token limit.</source>
        <translation>Die Antwort wurde abgeschnitten: Das Modell hat sein Limit für Ausgabe-Token erreicht.</translation>
    </message>
    <message>
        <source>The provider&apos;s content filter stopped this answer.</source>
        <translation>Der Inhaltsfilter des Anbieters hat diese Antwort angehalten.</translation>
    </message>
    <message>
        <source>internal error: {kind}: {exc}</source>
        <translation>interner Fehler: {kind}: {exc}</translation>
    </message>
    <message>
        <source>the turn was interrupted before it finished</source>
        <translation>die Runde wurde unterbrochen, bevor sie fertig war</translation>
    </message>
    <message>
        <source>no model chosen for provider {provider!r}: pick one in the model picker, pass --model, or set the provider&apos;s default model</source>
        <translation>kein Modell für Anbieter {provider!r} gewählt: Wählen Sie eines in der Modellauswahl, übergeben Sie --model oder legen Sie das Standardmodell des Anbieters fest</translation>
    </message>
    <message>
        <source>the turn ran longer than its limit of {limit} s</source>
        <translation>die Runde lief länger als ihr Limit von {limit} s</translation>
    </message>
    <message>
        <source>Retrying in {wait} s (attempt {attempt} of {attempts}): {reason}</source>
        <translation>Neuer Versuch in {wait} s (Versuch {attempt} von {attempts}): {reason}</translation>
    </message>
    <message>
        <source>The model asked to use a tool, but no tools are enabled for this turn.</source>
        <translation>Das Modell wollte ein Werkzeug verwenden, aber für diese Runde sind keine Werkzeuge aktiviert.</translation>
    </message>
    <message>
        <source>the task did not finish: the model asked to use a tool, but this task offers none (give it a workspace and tools, or an MCP server)</source>
        <translation>die Aufgabe wurde nicht abgeschlossen: Das Modell wollte ein Werkzeug verwenden, aber diese Aufgabe bietet keine an (geben Sie ihr einen Arbeitsordner und Werkzeuge oder einen MCP-Server)</translation>
    </message>
    <message>
        <source>Stopped after {steps} steps (the step limit).</source>
        <translation>Nach {steps} Schritten angehalten (das Schrittlimit).</translation>
    </message>
    <message>
        <source>the task did not finish within its {steps} steps (completion_max_steps): the model was still calling tools; what it did so far is recorded</source>
        <translation>die Aufgabe wurde nicht innerhalb ihrer {steps} Schritte abgeschlossen (completion_max_steps): Das Modell rief noch Werkzeuge auf; was es bis dahin getan hat, ist aufgezeichnet</translation>
    </message>
    <message>
        <source>this installation of Parley cannot read attachments</source>
        <translation>diese Parley-Installation kann keine Anhänge lesen</translation>
    </message>
    <message>
        <source>the files of one message may add up to {megabytes} MB at most</source>
        <translation>die Dateien einer Nachricht dürfen zusammen höchstens {megabytes} MB groß sein</translation>
    </message>
    <message>
        <source>could not use the attachment — {problems}. Nothing was sent to the model; remove or replace the file and send again.</source>
        <translation>der Anhang konnte nicht verwendet werden – {problems}. Es wurde nichts an das Modell gesendet; entfernen oder ersetzen Sie die Datei und senden Sie erneut.</translation>
    </message>
    <message>
        <source>could not use these attachments — {problems}. Nothing was sent to the model; remove or replace the file and send again.</source>
        <translation>diese Anhänge konnten nicht verwendet werden – {problems}. Es wurde nichts an das Modell gesendet; entfernen oder ersetzen Sie die Datei und senden Sie erneut.</translation>
    </message>
    <message>
        <source>could not use the attachment — {problems}. Nothing was sent to the model; remove or replace the attachment and send again.</source>
        <translation>der Anhang konnte nicht verwendet werden – {problems}. Es wurde nichts an das Modell gesendet; entfernen oder ersetzen Sie den Anhang und senden Sie erneut.</translation>
    </message>
    <message>
        <source>could not use these attachments — {problems}. Nothing was sent to the model; remove or replace the attachment and send again.</source>
        <translation>diese Anhänge konnten nicht verwendet werden – {problems}. Es wurde nichts an das Modell gesendet; entfernen oder ersetzen Sie den Anhang und senden Sie erneut.</translation>
    </message>
    <message>
        <source>{name} is searched by keywords only: the embedding model failed ({exc}).</source>
        <translation>{name} wird nur nach Stichwörtern durchsucht: Das Embedding-Modell ist fehlgeschlagen ({exc}).</translation>
    </message>
    <message>
        <source>{name} could not be indexed for searching ({exc}); its first {chars:,} characters are sent instead.</source>
        <translation>{name} konnte nicht für die Suche indiziert werden ({exc}); stattdessen werden die ersten {chars:,} Zeichen gesendet.</translation>
    </message>
    <message>
        <source>{name} could not be indexed for searching ({exc}); it is sent whole instead.</source>
        <translation>{name} konnte nicht für die Suche indiziert werden ({exc}); stattdessen wird die Datei ganz gesendet.</translation>
    </message>
    <message>
        <source>{name} ({uri}): this installation of Parley has no MCP client</source>
        <translation>{name} ({uri}): diese Parley-Installation hat keinen MCP-Client</translation>
    </message>
    <message>
        <source>Saved {count} file(s) to {destination}: {names}.</source>
        <translation>{count} Datei(en) in {destination} gespeichert: {names}.</translation>
    </message>
    <message>
        <source>Saved {count} file(s) to {destination}: {names} and {more} more.</source>
        <translation>{count} Datei(en) in {destination} gespeichert: {names} und {more} weitere.</translation>
    </message>
    <message>
        <source>The turn did not complete; the files it wrote are kept for inspection in {sandbox}.</source>
        <translation>Die Runde wurde nicht abgeschlossen; die von ihr geschriebenen Dateien bleiben zur Prüfung in {sandbox} erhalten.</translation>
    </message>
    <message>
        <source>Could not copy the turn&apos;s files ({exc}); they are in {sandbox}.</source>
        <translation>Die Dateien der Runde konnten nicht kopiert werden ({exc}); sie liegen in {sandbox}.</translation>
    </message>
    <message>
        <source>the answer passed Parley&apos;s limit of {limit:,} characters (text, reasoning and tool-call arguments together), so Parley stopped reading it; what came before the limit is kept. If answers this long are expected, raise &quot;max_answer_chars&quot; in the &quot;network&quot; section of settings.json</source>
        <translation>die Antwort hat Parleys Limit von {limit:,} Zeichen überschritten (Text, Überlegungen und Argumente von Werkzeugaufrufen zusammen), daher hat Parley aufgehört, sie zu lesen; was vor dem Limit kam, bleibt erhalten. Wenn so lange Antworten zu erwarten sind, erhöhen Sie &quot;max_answer_chars&quot; im Abschnitt &quot;network&quot; von settings.json</translation>
    </message>
    <message>
        <source>the answer is shown but not yet saved (the history refused it: {refused}); it is kept in {path}, and Parley adds it to this conversation when it next starts</source>
        <translation>die Antwort wird angezeigt, ist aber noch nicht gespeichert (der Verlauf hat sie abgelehnt: {refused}); sie wird in {path} aufbewahrt, und Parley fügt sie beim nächsten Start dieser Unterhaltung hinzu</translation>
    </message>
    <message>
        <source>the answer is shown but not yet saved (the history refused it: {refused}); it is kept in the history database as checkpoints, and Parley adds it to this conversation when it next starts</source>
        <translation>die Antwort wird angezeigt, ist aber noch nicht gespeichert (der Verlauf hat sie abgelehnt: {refused}); sie wird in der Verlaufsdatenbank als Zwischenstände aufbewahrt, und Parley fügt sie beim nächsten Start dieser Unterhaltung hinzu</translation>
    </message>
    <message>
        <source>{message}; its last {chars} characters could not be kept anywhere: copy them from the screen</source>
        <translation>{message}; die letzten {chars} Zeichen konnten nirgends gespeichert werden: Kopieren Sie sie vom Bildschirm</translation>
    </message>
    <message>
        <source>{error} (gave up after {attempts} attempts)</source>
        <translation>{error} (nach {attempts} Versuchen aufgegeben)</translation>
    </message>
    <message>
        <source>{error} (the provider asked to wait {seconds} s)</source>
        <translation>{error} (der Anbieter bat, {seconds} s zu warten)</translation>
    </message>
</context>
<context>
    <name>UndoBar</name>
    <message>
        <source>Undo</source>
        <translation>Rückgängig</translation>
    </message>
    <message>
        <source>Undo (Ctrl+Z)</source>
        <translation>Rückgängig (Strg+Z)</translation>
    </message>
    <message>
        <source>Dismiss</source>
        <translation>Schließen</translation>
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
        <translation>Willkommen</translation>
    </message>
    <message>
        <source>Welcome to Parley</source>
        <translation>Willkommen bei Parley</translation>
    </message>
    <message>
        <source>Chat with any model, in the cloud or on this computer. Connect one to begin — it takes under a minute.</source>
        <translation>Chatten Sie mit jedem Modell, in der Cloud oder auf diesem Computer. Verbinden Sie eines, um zu beginnen – das dauert keine Minute.</translation>
    </message>
    <message>
        <source>Keyring unavailable</source>
        <translation>Schlüsselbund nicht verfügbar</translation>
    </message>
    <message>
        <source>Connect a provider</source>
        <translation>Anbieter verbinden</translation>
    </message>
    <message>
        <source>OpenAI, Anthropic, Gemini, OpenRouter, Groq… Pick a preset, paste its API key — kept in your system keyring, never in a file — and press Start chatting.</source>
        <translation>OpenAI, Anthropic, Gemini, OpenRouter, Groq … Wählen Sie eine Vorlage, fügen Sie ihren API-Schlüssel ein – er wird im Schlüsselbund Ihres Systems aufbewahrt, nie in einer Datei – und drücken Sie „Chat beginnen“.</translation>
    </message>
    <message>
        <source>Start chatting</source>
        <translation>Chat beginnen</translation>
    </message>
    <message>
        <source>Or run models on this computer</source>
        <translation>Oder Modelle auf diesem Computer ausführen</translation>
    </message>
    <message>
        <source>Ollama and LM Studio serve models locally: no key, and nothing leaves your machine.</source>
        <translation>Ollama und LM Studio stellen Modelle lokal bereit: kein Schlüssel, und nichts verlässt Ihren Rechner.</translation>
    </message>
    <message>
        <source>Look for Ollama and LM Studio</source>
        <translation>Nach Ollama und LM Studio suchen</translation>
    </message>
    <message>
        <source>Local servers found</source>
        <translation>Gefundene lokale Server</translation>
    </message>
    <message>
        <source>Use selected</source>
        <translation>Auswahl verwenden</translation>
    </message>
    <message>
        <source>Your conversations are kept on this computer. Press {settings_keys} later to add more providers.</source>
        <translation>Ihre Unterhaltungen bleiben auf diesem Computer. Drücken Sie später {settings_keys}, um weitere Anbieter hinzuzufügen.</translation>
    </message>
    <message>
        <source>API keys cannot be saved on this computer: {reason}, and name it under Key variable. A local server (below) needs no key.</source>
        <translation>API-Schlüssel können auf diesem Computer nicht gespeichert werden: {reason}, und nennen Sie sie unter Schlüsselvariable. Ein lokaler Server (unten) braucht keinen Schlüssel.</translation>
    </message>
    <message>
        <source>OpenAI, Anthropic, Gemini, OpenRouter, Groq… Pick a preset, check the Key variable that holds its API key, and press Start chatting.</source>
        <translation>OpenAI, Anthropic, Gemini, OpenRouter, Groq … Wählen Sie eine Vorlage, prüfen Sie die Schlüsselvariable mit ihrem API-Schlüssel und drücken Sie „Chat beginnen“.</translation>
    </message>
    <message>
        <source>Found {n_servers} local server(s).</source>
        <translation>{n_servers} lokale(n) Server gefunden.</translation>
    </message>
    <message>
        <source>No local server answered on localhost:11434 (Ollama) or localhost:1234 (LM Studio). Start one, or add a provider above.</source>
        <translation>Kein lokaler Server hat auf localhost:11434 (Ollama) oder localhost:1234 (LM Studio) geantwortet. Starten Sie einen oder fügen Sie oben einen Anbieter hinzu.</translation>
    </message>
    <message>
        <source>Looking for local servers…</source>
        <translation>Lokale Server werden gesucht…</translation>
    </message>
</context>
<context>
    <name>_RenameDelegate</name>
    <message>
        <source>New title</source>
        <translation>Neuer Titel</translation>
    </message>
</context>
<context>
    <name>app</name>
    <message>
        <source>Parley cannot start</source>
        <translation>Parley kann nicht starten</translation>
    </message>
    <message>
        <source>Cannot open your profile:

{exc}</source>
        <translation>Ihr Profil kann nicht geöffnet werden:

{exc}</translation>
    </message>
</context>
<context>
    <name>costs_view</name>
    <message>
        <source>Costs per {lower}</source>
        <translation>Kosten pro {lower}</translation>
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
        <translation>Exportieren</translation>
    </message>
</context>
<context>
    <name>fixes</name>
    <message>
        <source>Open Settings → Providers</source>
        <translation>Einstellungen → Anbieter öffnen</translation>
    </message>
    <message>
        <source>Choose a vision model</source>
        <translation>Ein Modell mit Bildverständnis wählen</translation>
    </message>
</context>
<context>
    <name>permission</name>
    <message>
        <source>The model wants to use {mcp_tool} from the MCP server {mcp_server}</source>
        <translation>Das Modell möchte {mcp_tool} vom MCP-Server {mcp_server} verwenden</translation>
    </message>
    <message>
        <source>The model wants to run a command</source>
        <translation>Das Modell möchte einen Befehl ausführen</translation>
    </message>
    <message>
        <source>The model wants to install a Python package</source>
        <translation>Das Modell möchte ein Python-Paket installieren</translation>
    </message>
    <message>
        <source>The model wants to use {tool}</source>
        <translation>Das Modell möchte {tool} verwenden</translation>
    </message>
    <message>
        <source>The model wants to use {value}</source>
        <translation>Das Modell möchte {value} verwenden</translation>
    </message>
</context>
<context>
    <name>prices_page</name>
    <message>
        <source>Add row</source>
        <translation>Zeile hinzufügen</translation>
    </message>
    <message>
        <source>Add {row}</source>
        <translation>{row} hinzufügen</translation>
    </message>
    <message>
        <source>Remove row</source>
        <translation>Zeile entfernen</translation>
    </message>
    <message>
        <source>Remove {selected}</source>
        <translation>{selected} entfernen</translation>
    </message>
    <message>
        <source>Reset to defaults</source>
        <translation>Auf Standard zurücksetzen</translation>
    </message>
    <message>
        <source>Reset {table} to the built-in table</source>
        <translation>{table} auf die eingebaute Tabelle zurücksetzen</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>Speichern</translation>
    </message>
    <message>
        <source>Save {saved}</source>
        <translation>{saved} speichern</translation>
    </message>
</context>
<context>
    <name>window_layout</name>
    <message>
        <source>New chat</source>
        <translation>Neuer Chat</translation>
    </message>
    <message>
        <source>Start a new conversation (Ctrl+N)</source>
        <translation>Neue Unterhaltung beginnen (Strg+N)</translation>
    </message>
    <message>
        <source>Search conversations</source>
        <translation>Unterhaltungen durchsuchen</translation>
    </message>
    <message>
        <source>Conversations</source>
        <translation>Unterhaltungen</translation>
    </message>
    <message>
        <source>New conversation</source>
        <translation>Neue Unterhaltung</translation>
    </message>
    <message>
        <source>Conversation title</source>
        <translation>Titel der Unterhaltung</translation>
    </message>
    <message>
        <source>Tokens and estimated cost of this conversation</source>
        <translation>Token und geschätzte Kosten dieser Unterhaltung</translation>
    </message>
    <message>
        <source>Project</source>
        <translation>Projekt</translation>
    </message>
    <message>
        <source>The project this conversation belongs to</source>
        <translation>Das Projekt, zu dem diese Unterhaltung gehört</translation>
    </message>
    <message>
        <source>No project</source>
        <translation>Kein Projekt</translation>
    </message>
    <message>
        <source>Model for the next message</source>
        <translation>Modell für die nächste Nachricht</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
</context>
</TS>
