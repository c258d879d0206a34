<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="fr_FR">
<context>
    <name>AddTaskDialog</name>
    <message>
        <source>Add scheduled task</source>
        <translation>Ajouter une tâche planifiée</translation>
    </message>
    <message>
        <source>(the prompt&apos;s first words)</source>
        <translation>(les premiers mots du prompt)</translation>
    </message>
    <message>
        <source>Schedule (cron expression)</source>
        <translation>Planification (expression cron)</translation>
    </message>
    <message>
        <source>Prompt</source>
        <translation>Prompt</translation>
    </message>
    <message>
        <source>What the model is asked at each run, e.g. Summarise what changed in my notes.</source>
        <translation>Ce qui est demandé au modèle à chaque exécution, p. ex. Résume ce qui a changé dans mes notes.</translation>
    </message>
    <message>
        <source>No project</source>
        <translation>Aucun projet</translation>
    </message>
    <message>
        <source>Default provider</source>
        <translation>Fournisseur par défaut</translation>
    </message>
    <message>
        <source>(the provider&apos;s default model)</source>
        <translation>(le modèle par défaut du fournisseur)</translation>
    </message>
    <message>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <source>No tools</source>
        <translation>Aucun outil</translation>
    </message>
    <message>
        <source>Read files in the project&apos;s folder</source>
        <translation>Lire les fichiers du dossier du projet</translation>
    </message>
    <message>
        <source>All tools (what would need asking is refused)</source>
        <translation>Tous les outils (ce qui demanderait une autorisation est refusé)</translation>
    </message>
    <message>
        <source>If the computer was off, run once at the next start</source>
        <translation>Si l&apos;ordinateur était éteint, exécuter une fois au prochain démarrage</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Nom</translation>
    </message>
    <message>
        <source>Schedule</source>
        <translation>Planification</translation>
    </message>
    <message>
        <source>Project</source>
        <translation>Projet</translation>
    </message>
    <message>
        <source>Provider</source>
        <translation>Fournisseur</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modèle</translation>
    </message>
    <message>
        <source>Time limit</source>
        <translation>Délai</translation>
    </message>
    <message>
        <source>Tools</source>
        <translation>Outils</translation>
    </message>
    <message>
        <source>Cron: minute hour day-of-month month day-of-week, in local time. 0 8 * * 1-5 is 08:00 on weekdays; */30 * * * * every half hour.</source>
        <translation>Cron : minute heure jour-du-mois mois jour-de-la-semaine, en heure locale. 0 8 * * 1-5 signifie 08:00 en semaine ; */30 * * * * toutes les demi-heures.</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>Ajouter</translation>
    </message>
    <message>
        <source>Next: {times}</source>
        <translation>Prochaines : {times}</translation>
    </message>
    <message>
        <source>Never fires</source>
        <translation>Ne se déclenche jamais</translation>
    </message>
</context>
<context>
    <name>AttachmentChip</name>
    <message>
        <source>Search instead of sending whole</source>
        <translation>Rechercher au lieu d&apos;envoyer en entier</translation>
    </message>
    <message>
        <source>Parley indexes the file and sends only the parts that match each question, with citations</source>
        <translation>Parley indexe le fichier et n&apos;envoie que les passages correspondant à chaque question, avec les citations</translation>
    </message>
    <message>
        <source>{format} image</source>
        <translation>Image {format}</translation>
    </message>
    <message>
        <source>File</source>
        <translation>Fichier</translation>
    </message>
    <message>
        <source>Document</source>
        <translation>Document</translation>
    </message>
    <message>
        <source>Spreadsheet</source>
        <translation>Feuille de calcul</translation>
    </message>
    <message>
        <source>Slides</source>
        <translation>Diapositives</translation>
    </message>
    <message>
        <source>Text</source>
        <translation>Texte</translation>
    </message>
    <message>
        <source>Log</source>
        <translation>Journal</translation>
    </message>
    <message>
        <source>page</source>
        <translation>page</translation>
    </message>
    <message>
        <source>pages</source>
        <translation>pages</translation>
    </message>
    <message>
        <source>slide</source>
        <translation>diapositive</translation>
    </message>
    <message>
        <source>slides</source>
        <translation>diapositives</translation>
    </message>
    <message>
        <source>sheet</source>
        <translation>feuille</translation>
    </message>
    <message>
        <source>sheets</source>
        <translation>feuilles</translation>
    </message>
    <message>
        <source>section</source>
        <translation>section</translation>
    </message>
    <message>
        <source>sections</source>
        <translation>sections</translation>
    </message>
    <message>
        <source>Reading…</source>
        <translation>Lecture…</translation>
    </message>
    <message>
        <source>Reading… {done:,} / {total:,}</source>
        <translation>Lecture… {done:,} / {total:,}</translation>
    </message>
    <message>
        <source>Reading… {done:,} / {total:,} {unit}</source>
        <translation>Lecture… {done:,} / {total:,} {unit}</translation>
    </message>
    <message>
        <source>Remove {name}</source>
        <translation>Retirer {name}</translation>
    </message>
    <message>
        <source>a folder, not a file</source>
        <translation>un dossier, pas un fichier</translation>
    </message>
    <message>
        <source>Stop reading and remove {name}</source>
        <translation>Arrêter la lecture et retirer {name}</translation>
    </message>
</context>
<context>
    <name>AttachmentError</name>
    <message>
        <source>{name} does not exist (it may have been moved)</source>
        <translation>{name} n&apos;existe pas (il a peut-être été déplacé)</translation>
    </message>
    <message>
        <source>{name} cannot be opened ({detail})</source>
        <translation>{name} ne peut pas être ouvert ({detail})</translation>
    </message>
    <message>
        <source>{name} cannot be read ({detail})</source>
        <translation>{name} ne peut pas être lu ({detail})</translation>
    </message>
    <message>
        <source>{name} is not a file</source>
        <translation>{name} n&apos;est pas un fichier</translation>
    </message>
    <message>
        <source>{name} is {size}; Parley reads files of up to {limit}</source>
        <translation>{name} fait {size} ; Parley lit les fichiers jusqu&apos;à {limit}</translation>
    </message>
    <message>
        <source>{name} grew past {limit} while it was being read; Parley reads files of up to {limit}</source>
        <translation>{name} a dépassé {limit} pendant sa lecture ; Parley lit les fichiers jusqu&apos;à {limit}</translation>
    </message>
    <message>
        <source>reading {name} was cancelled</source>
        <translation>la lecture de {name} a été annulée</translation>
    </message>
    <message>
        <source>reading {name} took longer than {seconds:g} s and was stopped</source>
        <translation>la lecture de {name} a pris plus de {seconds:g} s et a été arrêtée</translation>
    </message>
    <message>
        <source>reading {name} used more than its CPU time limit and was stopped</source>
        <translation>la lecture de {name} a dépassé sa limite de temps CPU et a été arrêtée</translation>
    </message>
    <message>
        <source>reading {name} needed more than {memory} of memory and was stopped</source>
        <translation>la lecture de {name} a demandé plus de {memory} de mémoire et a été arrêtée</translation>
    </message>
    <message>
        <source>{name} could not be read: the reader failed (exit {code}; {detail})</source>
        <translation>{name} n&apos;a pas pu être lu : le lecteur a échoué (code de sortie {code} ; {detail})</translation>
    </message>
    <message>
        <source>{name}: reading it needed more than {megabytes:,.0f} MB of memory and was stopped</source>
        <translation>{name} : sa lecture a demandé plus de {megabytes:,.0f} Mo de mémoire et a été arrêtée</translation>
    </message>
    <message>
        <source>reading it needed more than {megabytes:,.0f} MB of memory and was stopped</source>
        <translation>sa lecture a demandé plus de {megabytes:,.0f} Mo de mémoire et a été arrêtée</translation>
    </message>
    <message>
        <source>{name}: its structure is nested too deeply to read safely</source>
        <translation>{name} : sa structure est trop profondément imbriquée pour être lue sans risque</translation>
    </message>
    <message>
        <source>its structure is nested too deeply to read safely</source>
        <translation>sa structure est trop profondément imbriquée pour être lue sans risque</translation>
    </message>
    <message>
        <source>{name} could not be read ({detail})</source>
        <translation>{name} n&apos;a pas pu être lu ({detail})</translation>
    </message>
    <message>
        <source>{name} is {label}, which Parley does not read{hint}</source>
        <translation>{name} est {label}, que Parley ne lit pas{hint}</translation>
    </message>
    <message>
        <source>{name} is protected by a password, and Parley cannot open encrypted Office files; save a copy without the password and attach that</source>
        <translation>{name} est protégé par un mot de passe, et Parley ne peut pas ouvrir les fichiers Office chiffrés ; enregistrez une copie sans mot de passe et joignez-la</translation>
    </message>
    <message>
        <source>{what}, which Parley does not read{hint}</source>
        <translation>{what}, que Parley ne lit pas{hint}</translation>
    </message>
    <message>
        <source>; unpack it and attach the files inside</source>
        <translation>; décompressez-le et joignez les fichiers qu&apos;il contient</translation>
    </message>
    <message>
        <source>; images are read as PNG, JPEG, GIF or WEBP</source>
        <translation>; les images sont lues aux formats PNG, JPEG, GIF ou WEBP</translation>
    </message>
    <message>
        <source>; save it in the current format (.docx, .xlsx, .pptx) and attach that</source>
        <translation>; enregistrez-le au format actuel (.docx, .xlsx, .pptx) et joignez ce fichier</translation>
    </message>
    <message>
        <source>; save it as .docx, .xlsx or .pptx and attach that</source>
        <translation>; enregistrez-le en .docx, .xlsx ou .pptx et joignez ce fichier</translation>
    </message>
    <message>
        <source>; save it as .docx or plain text and attach that</source>
        <translation>; enregistrez-le en .docx ou en texte brut et joignez ce fichier</translation>
    </message>
    <message>
        <source>{name} is actually {label}</source>
        <translation>{name} est en réalité {label}</translation>
    </message>
    <message>
        <source>{name}: the part {part} is not well-formed XML ({detail})</source>
        <translation>{name} : la partie {part} n&apos;est pas du XML bien formé ({detail})</translation>
    </message>
    <message>
        <source>the part {part} is not well-formed XML ({detail})</source>
        <translation>la partie {part} n&apos;est pas du XML bien formé ({detail})</translation>
    </message>
    <message>
        <source>{name}: the part {part} declares a DTD or XML entities ({detail})</source>
        <translation>{name} : la partie {part} déclare une DTD ou des entités XML ({detail})</translation>
    </message>
    <message>
        <source>{name}: the part {part} is implausibly large for what it is</source>
        <translation>{name} : la partie {part} est d&apos;une taille invraisemblable pour ce qu&apos;elle est</translation>
    </message>
    <message>
        <source>{name} has no main document part</source>
        <translation>{name} n&apos;a pas de partie de document principale</translation>
    </message>
    <message>
        <source>{name} has no readable workbook part</source>
        <translation>{name} n&apos;a pas de partie de classeur lisible</translation>
    </message>
    <message>
        <source>{name} has no text</source>
        <translation>{name} ne contient pas de texte</translation>
    </message>
    <message>
        <source>{name} has no visible text</source>
        <translation>{name} ne contient pas de texte visible</translation>
    </message>
    <message>
        <source>{name} is empty</source>
        <translation>{name} est vide</translation>
    </message>
    <message>
        <source>{name}: every sheet is empty</source>
        <translation>{name} : toutes les feuilles sont vides</translation>
    </message>
    <message>
        <source>every sheet is empty</source>
        <translation>toutes les feuilles sont vides</translation>
    </message>
    <message>
        <source>{name} is not a readable EPUB ({detail})</source>
        <translation>{name} n&apos;est pas un EPUB lisible ({detail})</translation>
    </message>
    <message>
        <source>{name} has no visible text (only {count:,} hidden element, which a reader would not show)</source>
        <translation>{name} ne contient pas de texte visible (seulement {count:,} élément masqué, qu&apos;une liseuse n&apos;afficherait pas)</translation>
    </message>
    <message>
        <source>{name} has no visible text (only {count:,} hidden elements, which a reader would not show)</source>
        <translation>{name} ne contient pas de texte visible (seulement {count:,} éléments masqués, qu&apos;une liseuse n&apos;afficherait pas)</translation>
    </message>
    <message>
        <source>{name} has no visible text (only {count:,} hidden element, which a browser would not show)</source>
        <translation>{name} ne contient pas de texte visible (seulement {count:,} élément masqué, qu&apos;un navigateur n&apos;afficherait pas)</translation>
    </message>
    <message>
        <source>{name} has no visible text (only {count:,} hidden elements, which a browser would not show)</source>
        <translation>{name} ne contient pas de texte visible (seulement {count:,} éléments masqués, qu&apos;un navigateur n&apos;afficherait pas)</translation>
    </message>
    <message>
        <source>{name} is too large in pixels to be safe ({detail}); it looks like a decompression bomb and was not read</source>
        <translation>{name} a trop de pixels pour être lu sans risque ({detail}) ; il ressemble à une bombe de décompression et n&apos;a pas été lu</translation>
    </message>
    <message>
        <source>{name} is a damaged image ({detail})</source>
        <translation>{name} est une image endommagée ({detail})</translation>
    </message>
    <message>
        <source>{name} is a {format} image, which Parley does not send</source>
        <translation>{name} est une image {format}, que Parley n&apos;envoie pas</translation>
    </message>
    <message>
        <source>{name} is an OLE2 file but not an e-mail</source>
        <translation>{name} est un fichier OLE2 mais pas un e-mail</translation>
    </message>
    <message>
        <source>{name} uses an encryption Parley cannot open ({detail})</source>
        <translation>{name} utilise un chiffrement que Parley ne peut pas ouvrir ({detail})</translation>
    </message>
    <message>
        <source>{name} is protected by a password, and Parley cannot open password-protected PDFs; remove the password (for example by printing it to a new PDF) and attach it again</source>
        <translation>{name} est protégé par un mot de passe, et Parley ne peut pas ouvrir les PDF protégés par mot de passe ; supprimez le mot de passe (par exemple en l&apos;imprimant dans un nouveau PDF) et joignez-le à nouveau</translation>
    </message>
    <message>
        <source>{name} declares data beyond the safety limits ({detail}); it was not read</source>
        <translation>{name} déclare des données au-delà des limites de sécurité ({detail}) ; il n&apos;a pas été lu</translation>
    </message>
    <message>
        <source>{name} has no pages</source>
        <translation>{name} n&apos;a aucune page</translation>
    </message>
    <message>
        <source>{name}: {detail}, beyond the safety limit (a decompression bomb?); it was not read</source>
        <translation>{name} : {detail}, au-delà de la limite de sécurité (une bombe de décompression ?) ; il n&apos;a pas été lu</translation>
    </message>
    <message>
        <source>{detail}, beyond the safety limit (a decompression bomb?); it was not read</source>
        <translation>{detail}, au-delà de la limite de sécurité (une bombe de décompression ?) ; il n&apos;a pas été lu</translation>
    </message>
    <message>
        <source>{name} is damaged or truncated and cannot be opened ({detail})</source>
        <translation>{name} est endommagé ou tronqué et ne peut pas être ouvert ({detail})</translation>
    </message>
    <message>
        <source>{name}: its pages decompress beyond the safety limits (a decompression bomb?); nothing was read</source>
        <translation>{name} : ses pages se décompressent au-delà des limites de sécurité (une bombe de décompression ?) ; rien n&apos;a été lu</translation>
    </message>
    <message>
        <source>its pages decompress beyond the safety limits (a decompression bomb?); nothing was read</source>
        <translation>ses pages se décompressent au-delà des limites de sécurité (une bombe de décompression ?) ; rien n&apos;a été lu</translation>
    </message>
    <message>
        <source>{name} is damaged: none of its {count:,} page could be read</source>
        <translation>{name} est endommagé : aucune page sur {count:,} n&apos;a pu être lue</translation>
    </message>
    <message>
        <source>{name} is damaged: none of its {count:,} pages could be read</source>
        <translation>{name} est endommagé : aucune de ses {count:,} pages n&apos;a pu être lue</translation>
    </message>
    <message>
        <source>{name}: {count:,} page could not be read and the others have no text layer</source>
        <translation>{name} : {count:,} page n&apos;a pas pu être lue et les autres n&apos;ont pas de couche de texte</translation>
    </message>
    <message>
        <source>{name}: {count:,} pages could not be read and the others have no text layer</source>
        <translation>{name} : {count:,} pages n&apos;ont pas pu être lues et les autres n&apos;ont pas de couche de texte</translation>
    </message>
    <message>
        <source>{count:,} page could not be read and the others have no text layer</source>
        <translation>{count:,} page n&apos;a pas pu être lue et les autres n&apos;ont pas de couche de texte</translation>
    </message>
    <message>
        <source>{count:,} pages could not be read and the others have no text layer</source>
        <translation>{count:,} pages n&apos;ont pas pu être lues et les autres n&apos;ont pas de couche de texte</translation>
    </message>
    <message>
        <source>{name}: scanned PDF ({count:,} page) with no text layer; OCR is not supported</source>
        <translation>{name} : PDF numérisé ({count:,} page) sans couche de texte ; l&apos;OCR n&apos;est pas pris en charge</translation>
    </message>
    <message>
        <source>{name}: scanned PDF ({count:,} pages) with no text layer; OCR is not supported</source>
        <translation>{name} : PDF numérisé ({count:,} pages) sans couche de texte ; l&apos;OCR n&apos;est pas pris en charge</translation>
    </message>
    <message>
        <source>scanned PDF ({count:,} page) with no text layer; OCR is not supported</source>
        <translation>PDF numérisé ({count:,} page) sans couche de texte ; l&apos;OCR n&apos;est pas pris en charge</translation>
    </message>
    <message>
        <source>scanned PDF ({count:,} pages) with no text layer; OCR is not supported</source>
        <translation>PDF numérisé ({count:,} pages) sans couche de texte ; l&apos;OCR n&apos;est pas pris en charge</translation>
    </message>
    <message>
        <source>{name} has no text ({count:,} slide)</source>
        <translation>{name} ne contient pas de texte ({count:,} diapositive)</translation>
    </message>
    <message>
        <source>{name} has no text ({count:,} slides)</source>
        <translation>{name} ne contient pas de texte ({count:,} diapositives)</translation>
    </message>
    <message>
        <source>{name} is not valid CSV near line {line:,} ({detail})</source>
        <translation>{name} n&apos;est pas un CSV valide vers la ligne {line:,} ({detail})</translation>
    </message>
</context>
<context>
    <name>AttachmentStrip</name>
    <message>
        <source>not found</source>
        <translation>introuvable</translation>
    </message>
    <message>
        <source>cannot read: {exc}</source>
        <translation>illisible : {exc}</translation>
    </message>
</context>
<context>
    <name>AttachmentText</name>
    <message>
        <source>{kind} image</source>
        <translation>Image {kind}</translation>
    </message>
    <message>
        <source>not sent: {reason}</source>
        <translation>non envoyé : {reason}</translation>
    </message>
    <message>
        <source>not sent</source>
        <translation>non envoyé</translation>
    </message>
    <message>
        <source>searched for each question</source>
        <translation>consulté à chaque question</translation>
    </message>
    <message>
        <source>truncated: the model saw the first {count:,} characters</source>
        <translation>tronqué : le modèle a vu les {count:,} premiers caractères</translation>
    </message>
</context>
<context>
    <name>AttachmentViewer</name>
    <message>
        <source>{count:,} characters</source>
        <translation>{count:,} caractères</translation>
    </message>
    <message>
        <source>read by {extractor}</source>
        <translation>lu par {extractor}</translation>
    </message>
    <message>
        <source>truncated</source>
        <translation>tronqué</translation>
    </message>
    <message>
        <source>{name} — what the model saw</source>
        <translation>{name} — ce que le modèle a vu</translation>
    </message>
    <message>
        <source>Not sent to the model — {attachment_error}</source>
        <translation>Non envoyé au modèle — {attachment_error}</translation>
    </message>
    <message>
        <source>The file was longer than the limit: the model saw only the text below.</source>
        <translation>Le fichier dépassait la limite : le modèle n&apos;a vu que le texte ci-dessous.</translation>
    </message>
    <message>
        <source>This file was searched for each question rather than sent whole: below are the excerpts the model was given for this answer.</source>
        <translation>Ce fichier a été consulté à chaque question au lieu d&apos;être envoyé en entier : voici les extraits transmis au modèle pour cette réponse.</translation>
    </message>
    <message>
        <source>(no text)</source>
        <translation>(pas de texte)</translation>
    </message>
    <message>
        <source>The image cannot be shown here.</source>
        <translation>L&apos;image ne peut pas être affichée ici.</translation>
    </message>
    <message>
        <source>Loading…</source>
        <translation>Chargement…</translation>
    </message>
    <message>
        <source>The image cannot be shown: {exc}</source>
        <translation>L&apos;image ne peut pas être affichée : {exc}</translation>
    </message>
</context>
<context>
    <name>AttachmentsController</name>
    <message>
        <source>Cannot keep the pasted image: {exc}</source>
        <translation>Impossible de conserver l&apos;image collée : {exc}</translation>
    </message>
    <message>
        <source>Choose an MCP server for this conversation first (Tools → MCP servers).</source>
        <translation>Choisissez d&apos;abord un serveur MCP pour cette conversation (Outils → Serveurs MCP).</translation>
    </message>
    <message>
        <source>This installation of Parley has no MCP client.</source>
        <translation>Cette installation de Parley n&apos;a pas de client MCP.</translation>
    </message>
    <message>
        <source>the stored copy of this image cannot be found</source>
        <translation>la copie enregistrée de cette image est introuvable</translation>
    </message>
    <message>
        <source>Showing the original file, not the copy that was sent; it may have changed since.</source>
        <translation>Affichage du fichier d&apos;origine, pas de la copie envoyée ; il a pu changer depuis.</translation>
    </message>
    <message>
        <source>Workspace for the model&apos;s tools</source>
        <translation>Dossier de travail pour les outils du modèle</translation>
    </message>
    <message>
        <source>Commands run sandboxed ({mechanism})</source>
        <translation>Les commandes s&apos;exécutent dans un bac à sable ({mechanism})</translation>
    </message>
    <message>
        <source>Each command runs in an operating-system sandbox: your home folder is hidden, there is no network unless you allow a command that needs it, and it writes only where the permission prompt says.</source>
        <translation>Chaque commande s&apos;exécute dans un bac à sable du système : votre dossier personnel est masqué, le réseau est coupé sauf si vous l&apos;autorisez pour une commande qui en a besoin, et l&apos;écriture n&apos;a lieu qu&apos;aux endroits indiqués par la demande d&apos;autorisation.</translation>
    </message>
    <message>
        <source>No sandbox on this system: every command asks{install}</source>
        <translation>Pas de bac à sable sur ce système : chaque commande demande l&apos;autorisation{install}</translation>
    </message>
    <message>
        <source>{reason}. Commands would run with your permissions, so Parley asks before each one.</source>
        <translation>{reason}. Les commandes s&apos;exécuteraient avec vos droits : Parley demande donc avant chacune.</translation>
    </message>
</context>
<context>
    <name>Badges</name>
    <message>
        <source>Completed</source>
        <translation>Terminée</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Échec</translation>
    </message>
    <message>
        <source>Stopped</source>
        <translation>Arrêtée</translation>
    </message>
    <message>
        <source>Denied</source>
        <translation>Refusée</translation>
    </message>
    <message>
        <source>No turns</source>
        <translation>Aucun tour</translation>
    </message>
    <message>
        <source>Key set</source>
        <translation>Clé définie</translation>
    </message>
    <message>
        <source>Key from env</source>
        <translation>Clé de l&apos;environnement</translation>
    </message>
    <message>
        <source>No key</source>
        <translation>Pas de clé</translation>
    </message>
    <message>
        <source>No keyring</source>
        <translation>Pas de trousseau</translation>
    </message>
    <message>
        <source>No key needed</source>
        <translation>Clé inutile</translation>
    </message>
    <message>
        <source>Off</source>
        <translation>Désactivé</translation>
    </message>
    <message>
        <source>Not started</source>
        <translation>Non démarré</translation>
    </message>
    <message>
        <source>Starting</source>
        <translation>Démarrage</translation>
    </message>
    <message>
        <source>Ready</source>
        <translation>Prêt</translation>
    </message>
    <message>
        <source>Invalid</source>
        <translation>Invalide</translation>
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
        <translation>Arrêtez la réponse en cours avant de commencer une nouvelle discussion.</translation>
    </message>
    <message>
        <source>Wait for the answer to finish before switching branches.</source>
        <translation>Attendez la fin de la réponse avant de changer de branche.</translation>
    </message>
    <message>
        <source>Copied the last answer.</source>
        <translation>Dernière réponse copiée.</translation>
    </message>
    <message>
        <source>Still reading the settings; send again in a moment.</source>
        <translation>Lecture des paramètres en cours ; renvoyez dans un instant.</translation>
    </message>
    <message>
        <source>Opening the conversation; your message goes as soon as it is read.</source>
        <translation>Ouverture de la conversation ; votre message partira dès qu&apos;elle sera lue.</translation>
    </message>
    <message>
        <source>Send /compact on its own; your message stays here.</source>
        <translation>Envoyez /compact seul ; votre message reste ici.</translation>
    </message>
    <message>
        <source>The next message goes to {model}.</source>
        <translation>Le prochain message ira à {model}.</translation>
    </message>
    <message>
        <source>Nothing to summarise yet: this conversation has no messages.</source>
        <translation>Rien à résumer pour l&apos;instant : cette conversation n&apos;a pas de messages.</translation>
    </message>
    <message>
        <source>Earlier messages cannot be summarised right now.</source>
        <translation>Les messages précédents ne peuvent pas être résumés pour le moment.</translation>
    </message>
    <message>
        <source>Summarising earlier messages…</source>
        <translation>Résumé des messages précédents…</translation>
    </message>
    <message>
        <source>1 earlier turn</source>
        <translation>1 tour précédent</translation>
    </message>
    <message>
        <source>{count} earlier turns</source>
        <translation>{count} tours précédents</translation>
    </message>
    <message>
        <source>Summarised {what}.</source>
        <translation>Résumé : {what}.</translation>
    </message>
    <message>
        <source>Nothing was summarised.</source>
        <translation>Rien n&apos;a été résumé.</translation>
    </message>
    <message>
        <source>Summarising failed: {exc}</source>
        <translation>Échec du résumé : {exc}</translation>
    </message>
    <message>
        <source>Stopping…</source>
        <translation>Arrêt…</translation>
    </message>
    <message>
        <source> · {tokens_in} in / {tokens_out} out tokens</source>
        <translation> · {tokens_in} en entrée / {tokens_out} en sortie (tokens)</translation>
    </message>
    <message>
        <source>Done in {duration_s:.1f} s{figures}</source>
        <translation>Terminé en {duration_s:.1f} s{figures}</translation>
    </message>
    <message>
        <source>Stopped. The partial answer was kept.</source>
        <translation>Arrêté. La réponse partielle a été conservée.</translation>
    </message>
    <message>
        <source>Failed: {error}</source>
        <translation>Échec : {error}</translation>
    </message>
    <message>
        <source>Timed out: {error}</source>
        <translation>Délai dépassé : {error}</translation>
    </message>
</context>
<context>
    <name>CommandPopup</name>
    <message>
        <source>Command suggestions</source>
        <translation>Suggestions de commandes</translation>
    </message>
</context>
<context>
    <name>Compaction</name>
    <message>
        <source>there are no earlier messages to summarise yet</source>
        <translation>il n&apos;y a pas encore de messages précédents à résumer</translation>
    </message>
    <message>
        <source>{model} cannot read even a short part of the conversation (its window is {tokens:,} tokens)</source>
        <translation>{model} ne peut même pas lire une courte partie de la conversation (sa fenêtre est de {tokens:,} tokens)</translation>
    </message>
    <message>
        <source>{model} could not write the summary: {exc}</source>
        <translation>{model} n&apos;a pas pu rédiger le résumé : {exc}</translation>
    </message>
    <message>
        <source>stopped before the summary was finished</source>
        <translation>arrêté avant la fin du résumé</translation>
    </message>
    <message>
        <source>{model} answered with an empty summary</source>
        <translation>{model} a répondu par un résumé vide</translation>
    </message>
    <message>
        <source>the summary was no shorter than the messages it would replace</source>
        <translation>le résumé n&apos;était pas plus court que les messages qu&apos;il devait remplacer</translation>
    </message>
    <message>
        <source>There are no earlier messages to summarise yet.</source>
        <translation>Il n&apos;y a pas encore de messages précédents à résumer.</translation>
    </message>
    <message>
        <source>{model} cannot read even a short part of the conversation (its window is {tokens:,} tokens).</source>
        <translation>{model} ne peut même pas lire une courte partie de la conversation (sa fenêtre est de {tokens:,} tokens).</translation>
    </message>
    <message>
        <source>{model} could not write the summary: {exc}.</source>
        <translation>{model} n&apos;a pas pu rédiger le résumé : {exc}.</translation>
    </message>
    <message>
        <source>Stopped before the summary was finished.</source>
        <translation>Arrêté avant la fin du résumé.</translation>
    </message>
    <message>
        <source>{model} answered with an empty summary.</source>
        <translation>{model} a répondu par un résumé vide.</translation>
    </message>
    <message>
        <source>The summary was no shorter than the messages it would replace.</source>
        <translation>Le résumé n&apos;était pas plus court que les messages qu&apos;il devait remplacer.</translation>
    </message>
    <message>
        <source>There is nothing to summarise yet.</source>
        <translation>Rien à résumer pour l&apos;instant.</translation>
    </message>
    <message>
        <source>That message is no longer here.</source>
        <translation>Ce message n&apos;est plus là.</translation>
    </message>
    <message>
        <source>No model is chosen to write the summary.</source>
        <translation>Aucun modèle n&apos;est choisi pour rédiger le résumé.</translation>
    </message>
</context>
<context>
    <name>Composer</name>
    <message>
        <source>Ask anything — Ctrl+Enter to send, / for commands</source>
        <translation>Posez n&apos;importe quelle question — Ctrl+Entrée pour envoyer, / pour les commandes</translation>
    </message>
    <message>
        <source>Ask anything — Enter to send, Shift+Enter for a new line, / for commands</source>
        <translation>Posez n&apos;importe quelle question — Entrée pour envoyer, Maj+Entrée pour une nouvelle ligne, / pour les commandes</translation>
    </message>
    <message>
        <source>Send (Ctrl+Enter)</source>
        <translation>Envoyer (Ctrl+Entrée)</translation>
    </message>
    <message>
        <source>Send (Enter)</source>
        <translation>Envoyer (Entrée)</translation>
    </message>
    <message>
        <source>Prompt</source>
        <translation>Prompt</translation>
    </message>
    <message>
        <source>Attach</source>
        <translation>Joindre</translation>
    </message>
    <message>
        <source>Attach files</source>
        <translation>Joindre des fichiers</translation>
    </message>
    <message>
        <source>Attach files (or drop them here, or paste them)</source>
        <translation>Joindre des fichiers (ou les déposer ici, ou les coller)</translation>
    </message>
    <message>
        <source>Files…</source>
        <translation>Fichiers…</translation>
    </message>
    <message>
        <source>From an MCP server…</source>
        <translation>Depuis un serveur MCP…</translation>
    </message>
    <message>
        <source>Editing an earlier message</source>
        <translation>Modification d&apos;un message précédent</translation>
    </message>
    <message>
        <source>Editing an earlier message — sending starts a new branch.</source>
        <translation>Modification d&apos;un message précédent — l&apos;envoi crée une nouvelle branche.</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Annuler</translation>
    </message>
    <message>
        <source>Cancel editing</source>
        <translation>Annuler la modification</translation>
    </message>
    <message>
        <source>Stop editing and bring back your draft (Esc)</source>
        <translation>Arrêter la modification et retrouver votre brouillon (Échap)</translation>
    </message>
    <message>
        <source>Prompt error</source>
        <translation>Erreur de saisie</translation>
    </message>
    <message>
        <source>Stop the answer (Esc)</source>
        <translation>Arrêter la réponse (Échap)</translation>
    </message>
</context>
<context>
    <name>Confinement</name>
    <message>
        <source>Not sandboxed: no sandbox is available on this system, so the command runs with your permissions and can reach anything you can.</source>
        <translation>Sans bac à sable : aucun bac à sable n&apos;est disponible sur ce système, la commande s&apos;exécute donc avec vos droits et peut accéder à tout ce qui vous est accessible.</translation>
    </message>
    <message>
        <source>Sandboxed ({mechanism}): {reach}, {net}; your home folder is hidden.</source>
        <translation>Dans un bac à sable ({mechanism}) : {reach}, {net} ; votre dossier personnel est masqué.</translation>
    </message>
    <message>
        <source>not sandboxed</source>
        <translation>sans bac à sable</translation>
    </message>
    <message>
        <source>with network access</source>
        <translation>avec accès au réseau</translation>
    </message>
    <message>
        <source>without network access</source>
        <translation>sans accès au réseau</translation>
    </message>
    <message>
        <source>can read the workspace but change nothing</source>
        <translation>peut lire le dossier de travail mais ne rien y modifier</translation>
    </message>
    <message>
        <source>can write only in this turn&apos;s sandbox folder</source>
        <translation>ne peut écrire que dans le dossier bac à sable de ce tour</translation>
    </message>
    <message>
        <source>can change files in the workspace (not .git/hooks or .git/config)</source>
        <translation>peut modifier les fichiers du dossier de travail (sauf .git/hooks et .git/config)</translation>
    </message>
    <message>
        <source>can write only the workspace&apos;s Python environment</source>
        <translation>ne peut écrire que dans l&apos;environnement Python du dossier de travail</translation>
    </message>
</context>
<context>
    <name>ContextGauge</name>
    <message>
        <source>Context window</source>
        <translation>Fenêtre de contexte</translation>
    </message>
    <message>
        <source>reported by the server</source>
        <translation>indiquée par le serveur</translation>
    </message>
    <message>
        <source>from the table of context windows</source>
        <translation>d&apos;après la table des fenêtres de contexte</translation>
    </message>
    <message>
        <source>a guess — set it in Settings → Prices</source>
        <translation>une estimation — réglez-la dans Paramètres → Prix</translation>
    </message>
    <message>
        <source>of unknown origin</source>
        <translation>d&apos;origine inconnue</translation>
    </message>
    <message>
        <source>{percent}% of {window}</source>
        <translation>{percent} % de {window}</translation>
    </message>
    <message>
        <source>{tokens:,} of {window:,} tokens in the context window ({percent}%)</source>
        <translation>{tokens:,} tokens sur {window:,} dans la fenêtre de contexte ({percent} %)</translation>
    </message>
    <message>
        <source>Window size: {source}</source>
        <translation>Taille de la fenêtre : {source}</translation>
    </message>
    <message>
        <source>{tokens:,} tokens kept for the answer</source>
        <translation>{tokens:,} tokens réservés à la réponse</translation>
    </message>
    <message>
        <source>Measured before earlier messages were summarised; the next message measures again.</source>
        <translation>Mesuré avant le résumé des messages précédents ; le prochain message refera la mesure.</translation>
    </message>
</context>
<context>
    <name>ContextPage</name>
    <message>
        <source>This conversation&apos;s model</source>
        <translation>Le modèle de cette conversation</translation>
    </message>
    <message>
        <source>None — keyword search only</source>
        <translation>Aucun — recherche par mots-clés uniquement</translation>
    </message>
    <message>
        <source>Compaction threshold</source>
        <translation>Seuil de compactage</translation>
    </message>
    <message>
        <source>Compaction provider</source>
        <translation>Fournisseur du compactage</translation>
    </message>
    <message>
        <source>Compaction model</source>
        <translation>Modèle de compactage</translation>
    </message>
    <message>
        <source>Compaction model error</source>
        <translation>Erreur du modèle de compactage</translation>
    </message>
    <message>
        <source>Embedding provider</source>
        <translation>Fournisseur d&apos;embeddings</translation>
    </message>
    <message>
        <source>Embedding model</source>
        <translation>Modèle d&apos;embeddings</translation>
    </message>
    <message>
        <source>Embedding model error</source>
        <translation>Erreur du modèle d&apos;embeddings</translation>
    </message>
    <message>
        <source>Excerpts per turn</source>
        <translation>Extraits par tour</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>Enregistrer</translation>
    </message>
    <message>
        <source>Save context settings</source>
        <translation>Enregistrer les paramètres de contexte</translation>
    </message>
    <message>
        <source>Context settings save result</source>
        <translation>Résultat de l&apos;enregistrement des paramètres de contexte</translation>
    </message>
    <message>
        <source>Long conversations</source>
        <translation>Longues conversations</translation>
    </message>
    <message>
        <source>Threshold</source>
        <translation>Seuil</translation>
    </message>
    <message>
        <source>When a conversation&apos;s request passes this share of the model&apos;s context window, its oldest turns are summarised (nothing is deleted: History keeps them, and the transcript can show them).</source>
        <translation>Quand la requête d&apos;une conversation dépasse cette part de la fenêtre de contexte du modèle, ses tours les plus anciens sont résumés (rien n&apos;est supprimé : l&apos;historique les conserve et la transcription peut les afficher).</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modèle</translation>
    </message>
    <message>
        <source>Who writes the summary: the conversation&apos;s own model, or a cheaper one.</source>
        <translation>Qui rédige le résumé : le modèle de la conversation, ou un modèle moins cher.</translation>
    </message>
    <message>
        <source>Documents and knowledge folders</source>
        <translation>Documents et dossiers de connaissances</translation>
    </message>
    <message>
        <source>Embeddings</source>
        <translation>Embeddings</translation>
    </message>
    <message>
        <source>Keyword search (BM25) always works, offline. An embedding model adds search by meaning; its provider is sent the documents&apos; text to embed.</source>
        <translation>La recherche par mots-clés (BM25) fonctionne toujours, hors ligne. Un modèle d&apos;embeddings ajoute la recherche par le sens ; son fournisseur reçoit le texte des documents pour les traiter.</translation>
    </message>
    <message>
        <source>How many excerpts of large attachments and the project&apos;s knowledge folder a turn is given at most.</source>
        <translation>Le nombre maximal d&apos;extraits des grandes pièces jointes et du dossier de connaissances du projet donnés à un tour.</translation>
    </message>
    <message>
        <source>Name a model of {compaction_provider}.</source>
        <translation>Indiquez un modèle de {compaction_provider}.</translation>
    </message>
    <message>
        <source>Name an embedding model of {embedding_provider}.</source>
        <translation>Indiquez un modèle d&apos;embeddings de {embedding_provider}.</translation>
    </message>
    <message>
        <source>Saved.</source>
        <translation>Enregistré.</translation>
    </message>
    <message>
        <source>Not saved: {exc}</source>
        <translation>Non enregistré : {exc}</translation>
    </message>
    <message>
        <source>{current} (not configured)</source>
        <translation>{current} (non configuré)</translation>
    </message>
    <message>
        <source>a model of that provider</source>
        <translation>un modèle de ce fournisseur</translation>
    </message>
</context>
<context>
    <name>ContextWindowsSection</name>
    <message>
        <source>Context windows</source>
        <translation>Fenêtres de contexte</translation>
    </message>
    <message>
        <source>How many tokens each model can read per request (prompt and answer) and at most write (Max output; empty or 0 if unknown). Used when the provider does not report a model&apos;s window itself (OpenRouter, Ollama, LM Studio, llama.cpp and Gemini do). Built-in figures checked on {WINDOWS_CHECKED_ON}.</source>
        <translation>Combien de tokens chaque modèle peut lire par requête (prompt et réponse) et écrire au plus (Sortie max. ; vide ou 0 si inconnu). Utilisé quand le fournisseur n&apos;indique pas lui-même la fenêtre d&apos;un modèle (OpenRouter, Ollama, LM Studio, llama.cpp et Gemini le font). Valeurs intégrées vérifiées le {WINDOWS_CHECKED_ON}.</translation>
    </message>
    <message>
        <source>Context windows result</source>
        <translation>Résultat des fenêtres de contexte</translation>
    </message>
    <message>
        <source>Cannot read context windows: {exc}</source>
        <translation>Impossible de lire les fenêtres de contexte : {exc}</translation>
    </message>
    <message>
        <source>The built-in context windows (checked on {WINDOWS_CHECKED_ON}) are shown; Save to use them.</source>
        <translation>Les fenêtres de contexte intégrées (vérifiées le {WINDOWS_CHECKED_ON}) sont affichées ; enregistrez pour les utiliser.</translation>
    </message>
    <message>
        <source>Saved {n_windows} context-window rows.</source>
        <translation>{n_windows} lignes de fenêtres de contexte enregistrées.</translation>
    </message>
    <message>
        <source>Not saved: {exc}</source>
        <translation>Non enregistré : {exc}</translation>
    </message>
</context>
<context>
    <name>ConversationItems</name>
    <message>
        <source>Earlier messages summarised</source>
        <translation>Messages précédents résumés</translation>
    </message>
    <message>
        <source>Show original messages</source>
        <translation>Afficher les messages d&apos;origine</translation>
    </message>
    <message>
        <source>Hide original messages</source>
        <translation>Masquer les messages d&apos;origine</translation>
    </message>
    <message>
        <source>(The provider sent this reasoning encrypted: it is kept, but cannot be shown.)</source>
        <translation>(Le fournisseur a envoyé ce raisonnement chiffré : il est conservé, mais ne peut pas être affiché.)</translation>
    </message>
    <message>
        <source>Reasoning (encrypted by the provider)</source>
        <translation>Raisonnement (chiffré par le fournisseur)</translation>
    </message>
    <message>
        <source>Reasoning</source>
        <translation>Raisonnement</translation>
    </message>
    <message>
        <source>Thought for a moment</source>
        <translation>A réfléchi un instant</translation>
    </message>
    <message>
        <source>Thought for {seconds} s</source>
        <translation>A réfléchi {seconds} s</translation>
    </message>
    <message>
        <source>Thought for {minutes} min {seconds} s</source>
        <translation>A réfléchi {minutes} min {seconds} s</translation>
    </message>
    <message>
        <source>Thought for {minutes} min</source>
        <translation>A réfléchi {minutes} min</translation>
    </message>
</context>
<context>
    <name>ConversationList</name>
    <message>
        <source>(untitled)</source>
        <translation>(sans titre)</translation>
    </message>
    <message>
        <source>Enter opens, F2 renames, Delete deletes, the context menu has more</source>
        <translation>Entrée ouvre, F2 renomme, Suppr supprime, le menu contextuel propose le reste</translation>
    </message>
    <message>
        <source>Pinned</source>
        <translation>Épinglées</translation>
    </message>
    <message>
        <source>Today</source>
        <translation>Aujourd&apos;hui</translation>
    </message>
    <message>
        <source>Yesterday</source>
        <translation>Hier</translation>
    </message>
    <message>
        <source>Previous 7 days</source>
        <translation>7 jours précédents</translation>
    </message>
    <message>
        <source>Previous 30 days</source>
        <translation>30 jours précédents</translation>
    </message>
    <message>
        <source>Older</source>
        <translation>Plus anciennes</translation>
    </message>
    <message>
        <source>No conversations yet — start one with {keys}.</source>
        <translation>Pas encore de conversations — commencez-en une avec {keys}.</translation>
    </message>
    <message>
        <source>No conversations match “{query}”.</source>
        <translation>Aucune conversation ne correspond à « {query} ».</translation>
    </message>
    <message>
        <source>No conversations match.</source>
        <translation>Aucune conversation ne correspond.</translation>
    </message>
    <message>
        <source>{head} Try fewer or other words; Esc clears the search.</source>
        <translation>{head} Essayez moins de mots ou d&apos;autres mots ; Échap efface la recherche.</translation>
    </message>
    <message>
        <source>Conversations</source>
        <translation>Conversations</translation>
    </message>
    <message>
        <source>{title}, pinned</source>
        <translation>{title}, épinglée</translation>
    </message>
    <message>
        <source>{title} section</source>
        <translation>Section {title}</translation>
    </message>
    <message>
        <source>Project {title}, collapsed</source>
        <translation>Projet {title}, replié</translation>
    </message>
    <message>
        <source>Project {title}, expanded</source>
        <translation>Projet {title}, déplié</translation>
    </message>
    <message>
        <source>Conversation actions</source>
        <translation>Actions sur la conversation</translation>
    </message>
    <message>
        <source>Rename</source>
        <translation>Renommer</translation>
    </message>
    <message>
        <source>Unpin</source>
        <translation>Détacher</translation>
    </message>
    <message>
        <source>Pin</source>
        <translation>Épingler</translation>
    </message>
    <message>
        <source>Duplicate</source>
        <translation>Dupliquer</translation>
    </message>
    <message>
        <source>Move to project</source>
        <translation>Déplacer vers un projet</translation>
    </message>
    <message>
        <source>(no projects yet)</source>
        <translation>(pas encore de projets)</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Supprimer</translation>
    </message>
    <message>
        <source>{title}
last activity {when}</source>
        <translation>{title}
dernière activité {when}</translation>
    </message>
</context>
<context>
    <name>Costs</name>
    <message>
        <source>{text!r} is not an amount: write it like 0.50</source>
        <translation>{text!r} n&apos;est pas un montant : écrivez-le comme 0.50</translation>
    </message>
    <message>
        <source>{text!r} is not an amount: write a number of 0 or more</source>
        <translation>{text!r} n&apos;est pas un montant : écrivez un nombre supérieur ou égal à 0</translation>
    </message>
    <message>
        <source>{text!r}: write the decimals with a dot, like 2.50</source>
        <translation>{text!r} : écrivez les décimales avec un point, comme 2.50</translation>
    </message>
    <message>
        <source>{text!r} is not a number; write a price like 2.50</source>
        <translation>{text!r} n&apos;est pas un nombre ; écrivez un prix comme 2.50</translation>
    </message>
    <message>
        <source>{text!r} is not a usable price</source>
        <translation>{text!r} n&apos;est pas un prix utilisable</translation>
    </message>
    <message>
        <source>{text!r} is negative; a price is 0 or more</source>
        <translation>{text!r} est négatif ; un prix est supérieur ou égal à 0</translation>
    </message>
</context>
<context>
    <name>CostsView</name>
    <message>
        <source>Turns</source>
        <translation>Tours</translation>
    </message>
    <message>
        <source>Tokens in</source>
        <translation>Tokens en entrée</translation>
    </message>
    <message>
        <source>Tokens out</source>
        <translation>Tokens en sortie</translation>
    </message>
    <message>
        <source>Est. cost</source>
        <translation>Coût estimé</translation>
    </message>
    <message>
        <source>Parley — Costs</source>
        <translation>Parley — Coûts</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>Total</translation>
    </message>
    <message>
        <source>Costs error</source>
        <translation>Erreur des coûts</translation>
    </message>
    <message>
        <source>Costs</source>
        <translation>Coûts</translation>
    </message>
    <message>
        <source>Per member</source>
        <translation>Par membre</translation>
    </message>
    <message>
        <source>Per model</source>
        <translation>Par modèle</translation>
    </message>
    <message>
        <source>Reading…</source>
        <translation>Lecture…</translation>
    </message>
    <message>
        <source>No finished turns match these filters.</source>
        <translation>Aucun tour terminé ne correspond à ces filtres.</translation>
    </message>
    <message>
        <source>Total: {turns} · {tokens_in:,} tokens in · {tokens_out:,} tokens out · {cost}</source>
        <translation>Total : {turns} · {tokens_in:,} tokens en entrée · {tokens_out:,} tokens en sortie · {cost}</translation>
    </message>
    <message>
        <source>estimated {money}</source>
        <translation>estimé à {money}</translation>
    </message>
    <message>
        <source>no price known for these models</source>
        <translation>aucun prix connu pour ces modèles</translation>
    </message>
    <message>
        <source>{count} had no price (Settings → Prices): their tokens are counted, their cost is not.</source>
        <translation>{count} n&apos;avaient pas de prix (Paramètres → Prix) : leurs tokens sont comptés, pas leur coût.</translation>
    </message>
    <message>
        <source>Estimated with the price table in Settings → Prices.</source>
        <translation>Estimé avec la table des prix de Paramètres → Prix.</translation>
    </message>
    <message>
        <source>member {value}</source>
        <translation>membre {value}</translation>
    </message>
    <message>
        <source>since {value}</source>
        <translation>depuis {value}</translation>
    </message>
    <message>
        <source>until {value}</source>
        <translation>jusqu&apos;à {value}</translation>
    </message>
    <message>
        <source>provider {value}</source>
        <translation>fournisseur {value}</translation>
    </message>
    <message>
        <source>model {value}</source>
        <translation>modèle {value}</translation>
    </message>
    <message>
        <source>project {value}</source>
        <translation>projet {value}</translation>
    </message>
    <message>
        <source>workspace {value}</source>
        <translation>dossier de travail {value}</translation>
    </message>
    <message>
        <source>status {value}</source>
        <translation>statut {value}</translation>
    </message>
    <message>
        <source>verdict {value}</source>
        <translation>décision {value}</translation>
    </message>
    <message>
        <source>with tool calls</source>
        <translation>avec appels d&apos;outils</translation>
    </message>
    <message>
        <source>all finished turns</source>
        <translation>tous les tours terminés</translation>
    </message>
    <message>
        <source>finished turns, {filters}</source>
        <translation>tours terminés, {filters}</translation>
    </message>
    <message>
        <source>(unknown)</source>
        <translation>(inconnu)</translation>
    </message>
    <message>
        <source>{count:,} turn</source>
        <translation>{count:,} tour</translation>
    </message>
    <message>
        <source>{count:,} turns</source>
        <translation>{count:,} tours</translation>
    </message>
    <message>
        <source>{count:,} member/model row</source>
        <translation>{count:,} ligne membre/modèle</translation>
    </message>
    <message>
        <source>{count:,} member/model rows</source>
        <translation>{count:,} lignes membre/modèle</translation>
    </message>
</context>
<context>
    <name>CrashReport</name>
    <message>
        <source>Parley crashed last time. The crash report is in {path} (please attach it when you report the problem).</source>
        <translation>Parley a planté la dernière fois. Le rapport de plantage se trouve dans {path} (joignez-le quand vous signalez le problème).</translation>
    </message>
</context>
<context>
    <name>DesktopPage</name>
    <message>
        <source>Tray</source>
        <translation>Zone de notification</translation>
    </message>
    <message>
        <source>Parley&apos;s icon in the system tray opens a new chat, Quick ask and your latest conversations.</source>
        <translation>L&apos;icône de Parley dans la zone de notification ouvre une nouvelle discussion, la Question rapide et vos dernières conversations.</translation>
    </message>
    <message>
        <source>Closing the window keeps Parley in the tray</source>
        <translation>Fermer la fenêtre laisse Parley dans la zone de notification</translation>
    </message>
    <message>
        <source>This desktop has no system tray, so closing the window quits Parley.</source>
        <translation>Ce bureau n&apos;a pas de zone de notification : fermer la fenêtre quitte Parley.</translation>
    </message>
    <message>
        <source>Quick ask</source>
        <translation>Question rapide</translation>
    </message>
    <message>
        <source>A small window on top of everything for one question. It also opens from the tray, and from the command parley quick.</source>
        <translation>Une petite fenêtre au-dessus de tout pour une question. Elle s&apos;ouvre aussi depuis la zone de notification et avec la commande parley quick.</translation>
    </message>
    <message>
        <source>Quick ask shortcut</source>
        <translation>Raccourci de la Question rapide</translation>
    </message>
    <message>
        <source>Default</source>
        <translation>Par défaut</translation>
    </message>
    <message>
        <source>None</source>
        <translation>Aucun</translation>
    </message>
    <message>
        <source>Quick ask shortcut state</source>
        <translation>État du raccourci de la Question rapide</translation>
    </message>
    <message>
        <source>Desktop settings problem</source>
        <translation>Problème des paramètres du bureau</translation>
    </message>
    <message>
        <source>No shortcut: use the tray or parley quick.</source>
        <translation>Pas de raccourci : utilisez la zone de notification ou parley quick.</translation>
    </message>
    <message>
        <source>{chord} opens Quick ask from anywhere.</source>
        <translation>{chord} ouvre la Question rapide depuis n&apos;importe où.</translation>
    </message>
    <message>
        <source>Could not save: {error}</source>
        <translation>Enregistrement impossible : {error}</translation>
    </message>
</context>
<context>
    <name>ElicitationDialog</name>
    <message>
        <source>{server} asks for information</source>
        <translation>{server} demande des informations</translation>
    </message>
    <message>
        <source>{server} asks:</source>
        <translation>{server} demande :</translation>
    </message>
    <message>
        <source>An MCP server is asking, not Parley. Do not give it passwords or keys.</source>
        <translation>C&apos;est un serveur MCP qui demande, pas Parley. Ne lui donnez ni mots de passe ni clés.</translation>
    </message>
    <message>
        <source>* an answer is required</source>
        <translation>* une réponse est requise</translation>
    </message>
    <message>
        <source>Submit</source>
        <translation>Envoyer</translation>
    </message>
    <message>
        <source>Decline</source>
        <translation>Refuser</translation>
    </message>
    <message>
        <source>Tell the server you will not answer</source>
        <translation>Indiquer au serveur que vous ne répondrez pas</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Annuler</translation>
    </message>
    <message>
        <source>Dismiss without answering (Esc)</source>
        <translation>Fermer sans répondre (Échap)</translation>
    </message>
    <message>
        <source>Yes</source>
        <translation>Oui</translation>
    </message>
</context>
<context>
    <name>EmptyConversation</name>
    <message>
        <source>Explain a concept</source>
        <translation>Expliquer une notion</translation>
    </message>
    <message>
        <source>Explain public keys simply.</source>
        <translation>Explique simplement les clés publiques.</translation>
    </message>
    <message>
        <source>Write code</source>
        <translation>Écrire du code</translation>
    </message>
    <message>
        <source>Dedupe a file&apos;s lines in Python.</source>
        <translation>Supprime les lignes en double d&apos;un fichier en Python.</translation>
    </message>
    <message>
        <source>Summarise a document</source>
        <translation>Résumer un document</translation>
    </message>
    <message>
        <source>Summarise the attached file.</source>
        <translation>Résume le fichier joint.</translation>
    </message>
    <message>
        <source>Plan something</source>
        <translation>Organiser quelque chose</translation>
    </message>
    <message>
        <source>Plan three days in Lisbon.</source>
        <translation>Organise trois jours à Lisbonne.</translation>
    </message>
    <message>
        <source>New conversation</source>
        <translation>Nouvelle conversation</translation>
    </message>
    <message>
        <source>What can I help with?</source>
        <translation>Comment puis-je vous aider ?</translation>
    </message>
    <message>
        <source>Example: {title}</source>
        <translation>Exemple : {title}</translation>
    </message>
    <message>
        <source>Press {sheet} to see every keyboard shortcut.</source>
        <translation>Appuyez sur {sheet} pour voir tous les raccourcis clavier.</translation>
    </message>
</context>
<context>
    <name>EmptyState</name>
    <message>
        <source>Clear filters</source>
        <translation>Effacer les filtres</translation>
    </message>
</context>
<context>
    <name>FeedbackController</name>
    <message>
        <source>Waiting for your permission…</source>
        <translation>En attente de votre autorisation…</translation>
    </message>
    <message>
        <source>Parley needs your permission</source>
        <translation>Parley a besoin de votre autorisation</translation>
    </message>
    <message>
        <source>A command waits for your yes.</source>
        <translation>Une commande attend votre accord.</translation>
    </message>
    <message>
        <source>{model} answered</source>
        <translation>{model} a répondu</translation>
    </message>
    <message>
        <source>The model</source>
        <translation>Le modèle</translation>
    </message>
    <message>
        <source>The answer is ready.</source>
        <translation>La réponse est prête.</translation>
    </message>
    <message>
        <source>The answer did not finish</source>
        <translation>La réponse n&apos;a pas abouti</translation>
    </message>
    <message>
        <source>Duplicated as “{title}”.</source>
        <translation>Dupliquée sous le nom « {title} ».</translation>
    </message>
    <message>
        <source>Exported to {path}</source>
        <translation>Exporté vers {path}</translation>
    </message>
</context>
<context>
    <name>FilterBar</name>
    <message>
        <source>Search titles and content</source>
        <translation>Rechercher dans les titres et le contenu</translation>
    </message>
    <message>
        <source>Search conversations</source>
        <translation>Rechercher dans les conversations</translation>
    </message>
    <message>
        <source>Clear search</source>
        <translation>Effacer la recherche</translation>
    </message>
    <message>
        <source>Date range</source>
        <translation>Période</translation>
    </message>
    <message>
        <source>When the conversation&apos;s turns started</source>
        <translation>Quand les tours de la conversation ont commencé</translation>
    </message>
    <message>
        <source>Since</source>
        <translation>Depuis</translation>
    </message>
    <message>
        <source>Limit to turns since a date</source>
        <translation>Limiter aux tours depuis une date</translation>
    </message>
    <message>
        <source>Since date</source>
        <translation>Date de début</translation>
    </message>
    <message>
        <source>Until</source>
        <translation>Jusqu&apos;au</translation>
    </message>
    <message>
        <source>Limit to turns until a date</source>
        <translation>Limiter aux tours jusqu&apos;à une date</translation>
    </message>
    <message>
        <source>Until date</source>
        <translation>Date de fin</translation>
    </message>
    <message>
        <source>Any provider</source>
        <translation>Tout fournisseur</translation>
    </message>
    <message>
        <source>Provider</source>
        <translation>Fournisseur</translation>
    </message>
    <message>
        <source>Any model</source>
        <translation>Tout modèle</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modèle</translation>
    </message>
    <message>
        <source>Any workspace</source>
        <translation>Tout dossier de travail</translation>
    </message>
    <message>
        <source>Workspace</source>
        <translation>Dossier de travail</translation>
    </message>
    <message>
        <source>Any project</source>
        <translation>Tout projet</translation>
    </message>
    <message>
        <source>Project</source>
        <translation>Projet</translation>
    </message>
    <message>
        <source>Any member</source>
        <translation>Tout membre</translation>
    </message>
    <message>
        <source>Member</source>
        <translation>Membre</translation>
    </message>
    <message>
        <source>Whose conversations (a team store&apos;s members)</source>
        <translation>Les conversations de qui (les membres d&apos;un stockage d&apos;équipe)</translation>
    </message>
    <message>
        <source>Turn status</source>
        <translation>État du tour</translation>
    </message>
    <message>
        <source>Action verdict</source>
        <translation>Décision sur l&apos;action</translation>
    </message>
    <message>
        <source>Has tool calls</source>
        <translation>Avec appels d&apos;outils</translation>
    </message>
    <message>
        <source>Cost at least</source>
        <translation>Coût d&apos;au moins</translation>
    </message>
    <message>
        <source>More filters: provider, workspace, project, verdict, cost, dates</source>
        <translation>Plus de filtres : fournisseur, dossier de travail, projet, décision, coût, dates</translation>
    </message>
    <message>
        <source>More filters</source>
        <translation>Plus de filtres</translation>
    </message>
    <message>
        <source>Filters · {count}</source>
        <translation>Filtres · {count}</translation>
    </message>
    <message>
        <source>Filters</source>
        <translation>Filtres</translation>
    </message>
    <message>
        <source>{count} more filter(s) set</source>
        <translation>{count} filtre(s) supplémentaire(s) actif(s)</translation>
    </message>
    <message>
        <source>No more filters set</source>
        <translation>Aucun autre filtre actif</translation>
    </message>
</context>
<context>
    <name>FixController</name>
    <message>
        <source>Check the API key and address of {provider}</source>
        <translation>Vérifiez la clé d&apos;API et l&apos;adresse de {provider}</translation>
    </message>
    <message>
        <source>Pick a model that can see images, then send again</source>
        <translation>Choisissez un modèle capable de voir les images, puis renvoyez</translation>
    </message>
    <message>
        <source>None of the listed models is known to see images: pick or add one that does.</source>
        <translation>Aucun des modèles listés n&apos;est réputé voir les images : choisissez-en ou ajoutez-en un qui le peut.</translation>
    </message>
    <message>
        <source>The next message goes to {model}. Retry the failed message to send it.</source>
        <translation>Le prochain message ira à {model}. Relancez le message en échec pour l&apos;envoyer.</translation>
    </message>
</context>
<context>
    <name>FrameHost</name>
    <message>
        <source>Sources: </source>
        <translation>Sources : </translation>
    </message>
    <message>
        <source>Open {name} at {where}</source>
        <translation>Ouvrir {name} à {where}</translation>
    </message>
    <message>
        <source>Hide the summary</source>
        <translation>Masquer le résumé</translation>
    </message>
    <message>
        <source>Show the summary</source>
        <translation>Afficher le résumé</translation>
    </message>
    <message>
        <source>Show the messages the summary stands in for (the model reads the summary)</source>
        <translation>Afficher les messages que le résumé remplace (le modèle lit le résumé)</translation>
    </message>
    <message>
        <source>Hide the messages the summary stands in for</source>
        <translation>Masquer les messages que le résumé remplace</translation>
    </message>
    <message>
        <source>Hide the model&apos;s reasoning</source>
        <translation>Masquer le raisonnement du modèle</translation>
    </message>
    <message>
        <source>Show the model&apos;s reasoning</source>
        <translation>Afficher le raisonnement du modèle</translation>
    </message>
    <message>
        <source>You</source>
        <translation>Vous</translation>
    </message>
    <message>
        <source>Show the previous version ({label})</source>
        <translation>Afficher la version précédente ({label})</translation>
    </message>
    <message>
        <source>Show the next version ({label})</source>
        <translation>Afficher la version suivante ({label})</translation>
    </message>
    <message>
        <source>the server says: {claims} (a claim Parley cannot check)</source>
        <translation>le serveur affirme : {claims} (une affirmation que Parley ne peut pas vérifier)</translation>
    </message>
    <message>
        <source>↻ Retry</source>
        <translation>↻ Réessayer</translation>
    </message>
    <message>
        <source>{tokens:,} in</source>
        <translation>{tokens:,} en entrée</translation>
    </message>
    <message>
        <source>{tokens:,} out</source>
        <translation>{tokens:,} en sortie</translation>
    </message>
    <message>
        <source>{seconds:.1f} s</source>
        <translation>{seconds:.1f} s</translation>
    </message>
    <message>
        <source>{count} turn</source>
        <translation>{count} tour</translation>
    </message>
    <message>
        <source>{count} turns</source>
        <translation>{count} tours</translation>
    </message>
    <message>
        <source>by {model}</source>
        <translation>par {model}</translation>
    </message>
    <message>
        <source>automatically</source>
        <translation>automatiquement</translation>
    </message>
    <message>
        <source>with /compact</source>
        <translation>avec /compact</translation>
    </message>
</context>
<context>
    <name>GateReason</name>
    <message>
        <source>writes</source>
        <translation>écrit dans</translation>
    </message>
    <message>
        <source>deletes</source>
        <translation>supprime</translation>
    </message>
    <message>
        <source>redirects output to</source>
        <translation>redirige la sortie vers</translation>
    </message>
    <message>
        <source>redirects output to {path}, which {detail}</source>
        <translation>redirige la sortie vers {path}, qui {detail}</translation>
    </message>
    <message>
        <source>redirects output to {path} (inside the sandbox)</source>
        <translation>redirige la sortie vers {path} (dans le bac à sable)</translation>
    </message>
    <message>
        <source>redirects output to {path}: outside the sandbox, into the workspace itself</source>
        <translation>redirige la sortie vers {path} : hors du bac à sable, dans le dossier de travail lui-même</translation>
    </message>
    <message>
        <source>redirects output to {path}, under the protected {prefix}</source>
        <translation>redirige la sortie vers {path}, sous {prefix}, qui est protégé</translation>
    </message>
    <message>
        <source>redirects output to the disk device {device}</source>
        <translation>redirige la sortie vers le périphérique disque {device}</translation>
    </message>
    <message>
        <source>a process substitution</source>
        <translation>est une substitution de processus</translation>
    </message>
    <message>
        <source>is in the home directory</source>
        <translation>est dans le dossier personnel</translation>
    </message>
    <message>
        <source>is only known at run time</source>
        <translation>n&apos;est connu qu&apos;à l&apos;exécution</translation>
    </message>
    <message>
        <source>is an empty path</source>
        <translation>est un chemin vide</translation>
    </message>
    <message>
        <source>is relative to a directory {lost}</source>
        <translation>est relatif à un dossier {lost}</translation>
    </message>
    <message>
        <source>has &apos;..&apos; after the pattern {part!r} (a link?)</source>
        <translation>contient &apos;..&apos; après le motif {part!r} (un lien ?)</translation>
    </message>
    <message>
        <source>is outside the workspace and the sandbox</source>
        <translation>est hors du dossier de travail et du bac à sable</translation>
    </message>
    <message>
        <source>leads outside ({message})</source>
        <translation>mène à l&apos;extérieur ({message})</translation>
    </message>
    <message>
        <source>may match &apos;..&apos; above the root</source>
        <translation>peut correspondre à &apos;..&apos; au-dessus de la racine</translation>
    </message>
    <message>
        <source>may match the link {link!r} that leads outside</source>
        <translation>peut correspondre au lien {link!r}, qui mène à l&apos;extérieur</translation>
    </message>
    <message>
        <source>installing {requirement} downloads and runs third-party code</source>
        <translation>installer {requirement} télécharge et exécute du code tiers</translation>
    </message>
    <message>
        <source>the path {path} {detail}</source>
        <translation>le chemin {path} {detail}</translation>
    </message>
    <message>
        <source>{path} {detail}; reading outside the workspace and the sandbox needs permission</source>
        <translation>{path} {detail} ; lire hors du dossier de travail et du bac à sable nécessite une autorisation</translation>
    </message>
    <message>
        <source>reading {path} recursively may follow the link {link!r}, which leads outside the workspace</source>
        <translation>lire {path} récursivement peut suivre le lien {link!r}, qui mène hors du dossier de travail</translation>
    </message>
    <message>
        <source>{verb} the disk device {device}</source>
        <translation>{verb} le périphérique disque {device}</translation>
    </message>
    <message>
        <source>{verb} {path}, which {detail}</source>
        <translation>{verb} {path}, qui {detail}</translation>
    </message>
    <message>
        <source>{verb} {path}, under the protected {prefix}</source>
        <translation>{verb} {path}, sous {prefix}, qui est protégé</translation>
    </message>
    <message>
        <source>{verb} {path} (inside the sandbox)</source>
        <translation>{verb} {path} (dans le bac à sable)</translation>
    </message>
    <message>
        <source>{verb} {path}: outside the sandbox, into the workspace itself</source>
        <translation>{verb} {path} : hors du bac à sable, dans le dossier de travail lui-même</translation>
    </message>
    <message>
        <source>is outside the sandbox</source>
        <translation>est hors du bac à sable</translation>
    </message>
    <message>
        <source>{verb} the workspace root</source>
        <translation>{verb} la racine du dossier de travail</translation>
    </message>
    <message>
        <source>{verb} {path} (outside the sandbox)</source>
        <translation>{verb} {path} (hors du bac à sable)</translation>
    </message>
    <message>
        <source>{verb} {path}, under a protected path</source>
        <translation>{verb} {path}, sous un chemin protégé</translation>
    </message>
    <message>
        <source>the command is empty</source>
        <translation>la commande est vide</translation>
    </message>
    <message>
        <source>the command contains a NUL character</source>
        <translation>la commande contient un caractère NUL</translation>
    </message>
    <message>
        <source>the working directory {cwd!r} is not valid</source>
        <translation>le dossier de travail courant {cwd!r} n&apos;est pas valide</translation>
    </message>
    <message>
        <source>cannot be judged ({error}) and it names {name}</source>
        <translation>impossible à évaluer ({error}), et mentionne {name}</translation>
    </message>
    <message>
        <source>cannot be judged: {error}</source>
        <translation>impossible à évaluer : {error}</translation>
    </message>
    <message>
        <source>commands nested too deeply</source>
        <translation>commandes imbriquées trop profondément</translation>
    </message>
    <message>
        <source>downloads with {fetcher} and runs code with {runner}</source>
        <translation>télécharge avec {fetcher} et exécute du code avec {runner}</translation>
    </message>
    <message>
        <source>read-only: {programs}</source>
        <translation>lecture seule : {programs}</translation>
    </message>
    <message>
        <source>too deeply nested or too long to judge</source>
        <translation>trop imbriqué ou trop long pour être évalué</translation>
    </message>
    <message>
        <source>sets {var}, which can make a program load or run other code</source>
        <translation>définit {var}, qui peut amener un programme à charger ou exécuter d&apos;autre code</translation>
    </message>
    <message>
        <source>sets the environment variable {var}</source>
        <translation>définit la variable d&apos;environnement {var}</translation>
    </message>
    <message>
        <source>control flow ({control}) is not judged</source>
        <translation>le flux de contrôle ({control}) n&apos;est pas évalué</translation>
    </message>
    <message>
        <source>a word starts with ~ (the home directory)</source>
        <translation>un mot commence par ~ (le dossier personnel)</translation>
    </message>
    <message>
        <source>the program {program} is only known at run time</source>
        <translation>le programme {program} n&apos;est connu qu&apos;à l&apos;exécution</translation>
    </message>
    <message>
        <source>{name} runs a command with other privileges</source>
        <translation>{name} exécute une commande avec d&apos;autres privilèges</translation>
    </message>
    <message>
        <source>{program} is not a bare name resolved to a trusted system program ({why})</source>
        <translation>{program} n&apos;est pas un simple nom résolu en programme système de confiance ({why})</translation>
    </message>
    <message>
        <source>{name} runs whatever {fed_by} feeds it</source>
        <translation>{name} exécute tout ce que {fed_by} lui fournit</translation>
    </message>
    <message>
        <source>{wrapper} is not a trusted system program</source>
        <translation>{wrapper} n&apos;est pas un programme système de confiance</translation>
    </message>
    <message>
        <source>{name} controls the whole system</source>
        <translation>{name} contrôle tout le système</translation>
    </message>
    <message>
        <source>{name} formats or partitions disks</source>
        <translation>{name} formate ou partitionne des disques</translation>
    </message>
    <message>
        <source>{name} is not on the allow-list</source>
        <translation>{name} ne figure pas sur la liste des programmes autorisés</translation>
    </message>
    <message>
        <source>cd to a directory that is not named inside</source>
        <translation>cd vers un dossier qui n&apos;est pas nommé explicitement</translation>
    </message>
    <message>
        <source>cd {path} leaves the workspace</source>
        <translation>cd {path} sort du dossier de travail</translation>
    </message>
    <message>
        <source>git {sub} is not a read-only subcommand</source>
        <translation>git {sub} n&apos;est pas une sous-commande en lecture seule</translation>
    </message>
    <message>
        <source>git {sub} {flag} may change refs</source>
        <translation>git {sub} {flag} peut modifier des références</translation>
    </message>
    <message>
        <source>git {sub} with a name creates it</source>
        <translation>git {sub} avec un nom crée l&apos;élément nommé</translation>
    </message>
    <message>
        <source>git remote beyond -v may change or fetch</source>
        <translation>git remote avec autre chose que -v peut modifier ou récupérer (fetch)</translation>
    </message>
    <message>
        <source>cp copies the link {link!r} as a link</source>
        <translation>cp copie le lien {link!r} en tant que lien</translation>
    </message>
    <message>
        <source>a link in the sandbox could later redirect reads or writes</source>
        <translation>un lien dans le bac à sable pourrait plus tard rediriger des lectures ou des écritures</translation>
    </message>
    <message>
        <source>ln links to {source}, outside the workspace</source>
        <translation>ln crée un lien vers {source}, hors du dossier de travail</translation>
    </message>
    <message>
        <source>the package name is empty</source>
        <translation>le nom du paquet est vide</translation>
    </message>
    <message>
        <source>the package name contains a control character</source>
        <translation>le nom du paquet contient un caractère de contrôle</translation>
    </message>
    <message>
        <source>{text!r} is an option, not a package name</source>
        <translation>{text!r} est une option, pas un nom de paquet</translation>
    </message>
    <message>
        <source>{text!r} is a URL or a VCS reference, not a PyPI name</source>
        <translation>{text!r} est une URL ou une référence VCS, pas un nom PyPI</translation>
    </message>
    <message>
        <source>{text!r} is a path, not a PyPI name</source>
        <translation>{text!r} est un chemin, pas un nom PyPI</translation>
    </message>
    <message>
        <source>{text!r} is not a PyPI requirement (a name, optional [extras], optional version such as &gt;=1.2)</source>
        <translation>{text!r} n&apos;est pas une exigence PyPI (un nom, des [extras] facultatifs, une version facultative comme &gt;=1.2)</translation>
    </message>
    <message>
        <source>{wrapper} runs nothing</source>
        <translation>{wrapper} n&apos;exécute rien</translation>
    </message>
    <message>
        <source>{name} only reads</source>
        <translation>{name} ne fait que lire</translation>
    </message>
    <message>
        <source>{name} only prints its arguments</source>
        <translation>{name} ne fait qu&apos;afficher ses arguments</translation>
    </message>
    <message>
        <source>printf only prints</source>
        <translation>printf ne fait qu&apos;afficher</translation>
    </message>
    <message>
        <source>git {sub} lists</source>
        <translation>git {sub} ne fait que lister</translation>
    </message>
    <message>
        <source>git remote -v lists</source>
        <translation>git remote -v ne fait que lister</translation>
    </message>
    <message>
        <source>git {sub} only reads</source>
        <translation>git {sub} ne fait que lire</translation>
    </message>
    <message>
        <source>cd {path}</source>
        <translation>cd {path}</translation>
    </message>
    <message>
        <source>cd {path}: {why}</source>
        <translation>cd {path} : {why}</translation>
    </message>
    <message>
        <source>your settings deny this tool</source>
        <translation>vos paramètres refusent cet outil</translation>
    </message>
    <message>
        <source>you chose to always allow this tool</source>
        <translation>vous avez choisi de toujours autoriser cet outil</translation>
    </message>
    <message>
        <source>you allowed this tool for this conversation</source>
        <translation>vous avez autorisé cet outil pour cette conversation</translation>
    </message>
    <message>
        <source>the server says this tool only reads</source>
        <translation>le serveur indique que cet outil ne fait que lire</translation>
    </message>
    <message>
        <source>your settings ask before this tool runs</source>
        <translation>vos paramètres demandent l&apos;autorisation avant que cet outil s&apos;exécute</translation>
    </message>
    <message>
        <source>this turn asks before every action</source>
        <translation>ce tour demande l&apos;autorisation avant chaque action</translation>
    </message>
    <message>
        <source>the server says this tool may delete or overwrite things</source>
        <translation>le serveur indique que cet outil peut supprimer ou écraser des données</translation>
    </message>
    <message>
        <source>the server says this tool reaches outside services</source>
        <translation>le serveur indique que cet outil contacte des services externes</translation>
    </message>
    <message>
        <source>the server does not say this tool only reads</source>
        <translation>le serveur n&apos;indique pas que cet outil ne fait que lire</translation>
    </message>
    <message>
        <source>{reason} (an unattended turn never asks, so it refuses)</source>
        <translation>{reason} (un tour sans surveillance ne demande jamais, il refuse donc)</translation>
    </message>
    <message>
        <source>the arguments of {tool} are not a JSON object ({error}). Send them as one JSON object, for example {example}.</source>
        <translation>les arguments de {tool} ne sont pas un objet JSON ({error}). Envoyez-les sous la forme d&apos;un seul objet JSON, par exemple {example}.</translation>
    </message>
    <message>
        <source>{raw!r} is a directory, not a file. Use list_dir with path {rel!r} to see its entries, then read_file one of them.</source>
        <translation>{raw!r} est un dossier, pas un fichier. Utilisez list_dir avec le chemin {rel!r} pour voir son contenu, puis read_file sur l&apos;une des entrées.</translation>
    </message>
    <message>
        <source>{raw!r} is a file, not a directory. Use read_file with path {rel!r} to read it, or list_dir {parent!r} to see the directory it is in.</source>
        <translation>{raw!r} est un fichier, pas un dossier. Utilisez read_file avec le chemin {rel!r} pour le lire, ou list_dir {parent!r} pour voir le dossier qui le contient.</translation>
    </message>
    <message>
        <source>the pattern is empty. Give a regular expression (or plain text) to look for.</source>
        <translation>le motif est vide. Donnez une expression régulière (ou du texte simple) à rechercher.</translation>
    </message>
    <message>
        <source>{raw!r} is under the protected {protected!r}, which no action may write. Write the file somewhere else.</source>
        <translation>{raw!r} se trouve sous {protected!r}, qui est protégé : aucune action ne peut y écrire. Écrivez le fichier ailleurs.</translation>
    </message>
    <message>
        <source>the directory {rel!r} already exists; nothing to create</source>
        <translation>le dossier {rel!r} existe déjà ; rien à créer</translation>
    </message>
    <message>
        <source>{raw!r} names a directory; write_file writes files. Give a file path (parent directories are created as needed), e.g. &apos;notes/summary.md&apos;.</source>
        <translation>{raw!r} désigne un dossier ; write_file écrit des fichiers. Donnez un chemin de fichier (les dossiers parents sont créés au besoin), p. ex. &apos;notes/summary.md&apos;.</translation>
    </message>
    <message>
        <source>{raw!r} is an existing directory. Give a file path inside it, e.g. &apos;{rel}/new_file.txt&apos;.</source>
        <translation>{raw!r} est un dossier existant. Donnez un chemin de fichier à l&apos;intérieur, p. ex. &apos;{rel}/new_file.txt&apos;.</translation>
    </message>
    <message>
        <source>{parent!r} is a file, so {rel!r} cannot be created under it. Choose another directory.</source>
        <translation>{parent!r} est un fichier : {rel!r} ne peut donc pas être créé dessous. Choisissez un autre dossier.</translation>
    </message>
    <message>
        <source>sandbox:{rel} already holds exactly this content; nothing to write</source>
        <translation>sandbox:{rel} contient déjà exactement ce contenu ; rien à écrire</translation>
    </message>
    <message>
        <source>the command is empty. Give the shell command to run.</source>
        <translation>la commande est vide. Donnez la commande shell à exécuter.</translation>
    </message>
    <message>
        <source>the command contains a NUL character. Remove it.</source>
        <translation>la commande contient un caractère NUL. Supprimez-le.</translation>
    </message>
    <message>
        <source>{directories} already exist(s) as directories; nothing to create</source>
        <translation>{directories} existe(nt) déjà en tant que dossier(s) ; rien à créer</translation>
    </message>
    <message>
        <source>there is no file {rel!r} in the workspace or the sandbox.{hint} Use list_dir with path {parent!r} to see what exists, then try again.</source>
        <translation>il n&apos;y a pas de fichier {rel!r} dans le dossier de travail ni dans le bac à sable.{hint} Utilisez list_dir avec le chemin {parent!r} pour voir ce qui existe, puis réessayez.</translation>
    </message>
    <message>
        <source>there is no directory {rel!r} in the workspace or the sandbox.{hint} Use list_dir with path {parent!r} to see what exists, then try again.</source>
        <translation>il n&apos;y a pas de dossier {rel!r} dans le dossier de travail ni dans le bac à sable.{hint} Utilisez list_dir avec le chemin {parent!r} pour voir ce qui existe, puis réessayez.</translation>
    </message>
    <message>
        <source> Nearest existing {kind}s: {near}.</source>
        <translation> Éléments existants les plus proches ({kind}) : {near}.</translation>
    </message>
    <message>
        <source>{raw!r} {problem}, which no action may create: git run there would obey its config and hooks. Write the file under another name or directory.</source>
        <translation>{raw!r} {problem}, ce qu&apos;aucune action ne peut créer : git, exécuté à cet endroit, obéirait à sa configuration et à ses hooks. Écrivez le fichier sous un autre nom ou dans un autre dossier.</translation>
    </message>
    <message>
        <source>has the component {part!r}, which is a git repository&apos;s directory</source>
        <translation>contient le composant {part!r}, qui est le dossier d&apos;un dépôt git</translation>
    </message>
    <message>
        <source>would make {where!r} look like a git repository (HEAD with objects/ or refs/)</source>
        <translation>ferait ressembler {where!r} à un dépôt git (HEAD avec objects/ ou refs/)</translation>
    </message>
    <message>
        <source> Nearest directories: {near}.</source>
        <translation> Dossiers les plus proches : {near}.</translation>
    </message>
    <message>
        <source>the cwd {cwd!r} is not a directory of the workspace.{hint} Use &apos;sandbox&apos; (the default), &apos;workspace&apos;, or an existing workspace directory.</source>
        <translation>le cwd {cwd!r} n&apos;est pas un dossier situé dans le dossier de travail.{hint} Utilisez &apos;sandbox&apos; (par défaut), &apos;workspace&apos; ou un dossier existant dans le dossier de travail.</translation>
    </message>
    <message>
        <source>{message}. Give a package name from PyPI, optionally with [extras] and a version, e.g. &apos;requests&apos; or &apos;requests[socks]&gt;=2.31&apos;.</source>
        <translation>{message}. Indiquez un nom de paquet PyPI, éventuellement avec des [extras] et une version, p. ex. &apos;requests&apos; ou &apos;requests[socks]&gt;=2.31&apos;.</translation>
    </message>
    <message>
        <source>the {argument} {raw!r} is not usable: {message}.</source>
        <translation>l&apos;argument {argument} {raw!r} n&apos;est pas utilisable : {message}.</translation>
    </message>
    <message>
        <source>the {argument} {raw!r} is not usable: {message}. {what}</source>
        <translation>l&apos;argument {argument} {raw!r} n&apos;est pas utilisable : {message}. {what}</translation>
    </message>
    <message>
        <source>Give a path relative to the workspace root.</source>
        <translation>Indiquez un chemin relatif à la racine du dossier de travail.</translation>
    </message>
    <message>
        <source>Give it relative to the root instead: {rel!r}.</source>
        <translation>Indiquez-le plutôt relativement à la racine : {rel!r}.</translation>
    </message>
    <message>
        <source>Give a path relative to the workspace root, e.g. &apos;src/main.py&apos; or &apos;.&apos;.</source>
        <translation>Indiquez un chemin relatif à la racine du dossier de travail, p. ex. &apos;src/main.py&apos; ou &apos;.&apos;.</translation>
    </message>
    <message>
        <source>Remove the NUL character.</source>
        <translation>Supprimez le caractère NUL.</translation>
    </message>
    <message>
        <source>Remove the control character (newline, tab, …) from the path.</source>
        <translation>Supprimez le caractère de contrôle (saut de ligne, tabulation…) du chemin.</translation>
    </message>
    <message>
        <source>Only the workspace is reachable; give a path relative to its root.</source>
        <translation>Seul le dossier de travail est accessible ; indiquez un chemin relatif à sa racine.</translation>
    </message>
    <message>
        <source>Use &apos;/&apos; to separate directories, e.g. &apos;src/main.py&apos;.</source>
        <translation>Utilisez &apos;/&apos; pour séparer les dossiers, p. ex. &apos;src/main.py&apos;.</translation>
    </message>
    <message>
        <source>Only the workspace is reachable; remove the &apos;..&apos; that leaves it.</source>
        <translation>Seul le dossier de travail est accessible ; supprimez le &apos;..&apos; qui en sort.</translation>
    </message>
    <message>
        <source>Name a file inside the workspace instead.</source>
        <translation>Indiquez plutôt un fichier situé dans le dossier de travail.</translation>
    </message>
    <message>
        <source>The links form a loop; name the real file instead.</source>
        <translation>Les liens forment une boucle ; indiquez plutôt le fichier réel.</translation>
    </message>
    <message>
        <source>there is no tool named {tool!r}, and no tools are available in this turn. Answer without tools.</source>
        <translation>il n&apos;existe aucun outil nommé {tool!r}, et aucun outil n&apos;est disponible dans ce tour. Répondez sans outils.</translation>
    </message>
    <message>
        <source> Did you mean {near}?</source>
        <translation> Vouliez-vous dire {near} ?</translation>
    </message>
    <message>
        <source>there is no tool named {tool!r}.{hint} The available tools are: {tools}. Call one of those.</source>
        <translation>il n&apos;existe aucun outil nommé {tool!r}.{hint} Les outils disponibles sont : {tools}. Appelez l&apos;un d&apos;eux.</translation>
    </message>
    <message>
        <source>the path is empty</source>
        <translation>le chemin est vide</translation>
    </message>
    <message>
        <source>the path contains a NUL character</source>
        <translation>le chemin contient un caractère NUL</translation>
    </message>
    <message>
        <source>the path contains a control character</source>
        <translation>le chemin contient un caractère de contrôle</translation>
    </message>
    <message>
        <source>{raw!r} starts with &apos;~&apos; (a home directory, outside the workspace)</source>
        <translation>{raw!r} commence par &apos;~&apos; (un dossier personnel, hors du dossier de travail)</translation>
    </message>
    <message>
        <source>{raw!r} contains a backslash; use &apos;/&apos; between directories</source>
        <translation>{raw!r} contient une barre oblique inverse ; utilisez &apos;/&apos; entre les dossiers</translation>
    </message>
    <message>
        <source>{raw!r} is an absolute path</source>
        <translation>{raw!r} est un chemin absolu</translation>
    </message>
    <message>
        <source>{raw!r} climbs above the workspace root with &apos;..&apos;</source>
        <translation>{raw!r} remonte au-dessus de la racine du dossier de travail avec &apos;..&apos;</translation>
    </message>
    <message>
        <source>&apos;..&apos; climbs above the {root} root</source>
        <translation>&apos;..&apos; remonte au-dessus de la racine {root}</translation>
    </message>
    <message>
        <source>{key!r} is a link that leads outside the workspace</source>
        <translation>{key!r} est un lien qui mène hors du dossier de travail</translation>
    </message>
    <message>
        <source>{key!r} is part of a link loop</source>
        <translation>{key!r} fait partie d&apos;une boucle de liens</translation>
    </message>
    <message>
        <source>{name} runs a command as another user</source>
        <translation>{name} exécute une commande en tant qu&apos;un autre utilisateur</translation>
    </message>
    <message>
        <source>what {name} runs is only known at run time</source>
        <translation>ce qu&apos;exécute {name} n&apos;est connu qu&apos;à l&apos;exécution</translation>
    </message>
    <message>
        <source>env option {option!r} (e.g. -S, -C) is not modelled</source>
        <translation>l&apos;option {option!r} de env (p. ex. -S, -C) n&apos;est pas modélisée</translation>
    </message>
    <message>
        <source>{name} option {option!r} is not modelled</source>
        <translation>l&apos;option {option!r} de {name} n&apos;est pas modélisée</translation>
    </message>
    <message>
        <source>{name} needs a plain duration before the command</source>
        <translation>{name} nécessite une durée simple avant la commande</translation>
    </message>
    <message>
        <source>{name} without a command</source>
        <translation>{name} sans commande</translation>
    </message>
    <message>
        <source>{name} {option} only looks a name up</source>
        <translation>{name} {option} ne fait que rechercher un nom</translation>
    </message>
    <message>
        <source>{name} {option} with a run-time argument</source>
        <translation>{name} {option} avec un argument connu seulement à l&apos;exécution</translation>
    </message>
    <message>
        <source>xargs {option} needs a plain value</source>
        <translation>xargs {option} nécessite une valeur simple</translation>
    </message>
    <message>
        <source>xargs option {option!r} is not modelled</source>
        <translation>l&apos;option {option!r} de xargs n&apos;est pas modélisée</translation>
    </message>
    <message>
        <source>{name} {option} option is not modelled</source>
        <translation>l&apos;option {option} de {name} n&apos;est pas modélisée</translation>
    </message>
    <message>
        <source>{name} option {option!r} (login, interactive, stdin) is not modelled</source>
        <translation>l&apos;option {option!r} de {name} (login, interactif, stdin) n&apos;est pas modélisée</translation>
    </message>
    <message>
        <source>{name} -c without a script</source>
        <translation>{name} -c sans script</translation>
    </message>
    <message>
        <source>the script {name} -c runs is only known at run time</source>
        <translation>le script qu&apos;exécute {name} -c n&apos;est connu qu&apos;à l&apos;exécution</translation>
    </message>
</context>
<context>
    <name>GlobalShortcut</name>
    <message>
        <source>Wayland does not let applications take a key from the whole desktop. Add a shortcut in your desktop&apos;s keyboard settings that runs: parley quick</source>
        <translation>Wayland ne permet pas aux applications de prendre une touche pour tout le bureau. Ajoutez dans les paramètres clavier de votre bureau un raccourci qui exécute : parley quick</translation>
    </message>
    <message>
        <source>A desktop-wide shortcut is not available here ({platform}). Use the tray menu, or give your system&apos;s shortcut settings the command: parley quick</source>
        <translation>Un raccourci pour tout le bureau n&apos;est pas disponible ici ({platform}). Utilisez le menu de la zone de notification, ou donnez aux paramètres de raccourcis de votre système la commande : parley quick</translation>
    </message>
    <message>
        <source>“{text}” is not a key chord (e.g. {chord}).</source>
        <translation>« {text} » n&apos;est pas une combinaison de touches (p. ex. {chord}).</translation>
    </message>
    <message>
        <source>{text} needs Ctrl, Alt or Super: a key alone belongs to every program.</source>
        <translation>{text} doit inclure Ctrl, Alt ou Super : une touche seule appartient à tous les programmes.</translation>
    </message>
    <message>
        <source>{text}: that key cannot be used; choose a letter, Space or F1 to F12.</source>
        <translation>{text} : cette touche ne peut pas être utilisée ; choisissez une lettre, Espace ou F1 à F12.</translation>
    </message>
    <message>
        <source>libxcb is not available: {e}</source>
        <translation>libxcb n&apos;est pas disponible : {e}</translation>
    </message>
    <message>
        <source>Cannot reach the X display.</source>
        <translation>Impossible de joindre l&apos;affichage X.</translation>
    </message>
    <message>
        <source>The keyboard has no key for {chord}.</source>
        <translation>Le clavier n&apos;a pas de touche pour {chord}.</translation>
    </message>
    <message>
        <source>Another application already uses {chord}.</source>
        <translation>Une autre application utilise déjà {chord}.</translation>
    </message>
    <message>
        <source>The X server refused {chord} (error {code}).</source>
        <translation>Le serveur X a refusé {chord} (erreur {code}).</translation>
    </message>
    <message>
        <source>The X display connection was lost.</source>
        <translation>La connexion à l&apos;affichage X a été perdue.</translation>
    </message>
</context>
<context>
    <name>History</name>
    <message>
        <source>nothing can be saved: the history {path} is open read-only ({why})</source>
        <translation>rien ne peut être enregistré : l&apos;historique {path} est ouvert en lecture seule ({why})</translation>
    </message>
    <message>
        <source>cannot read the event store {path}: {detail}</source>
        <translation>impossible de lire le stockage d&apos;événements {path} : {detail}</translation>
    </message>
</context>
<context>
    <name>HistoryFilters</name>
    <message>
        <source>Any time</source>
        <translation>N&apos;importe quand</translation>
    </message>
    <message>
        <source>Today</source>
        <translation>Aujourd&apos;hui</translation>
    </message>
    <message>
        <source>Last 7 days</source>
        <translation>7 derniers jours</translation>
    </message>
    <message>
        <source>Last 30 days</source>
        <translation>30 derniers jours</translation>
    </message>
    <message>
        <source>Last 12 months</source>
        <translation>12 derniers mois</translation>
    </message>
    <message>
        <source>Custom range…</source>
        <translation>Période personnalisée…</translation>
    </message>
    <message>
        <source>Only conversations whose estimated cost is at least this amount (e.g. 0.50), priced with Settings → Prices; a conversation without a price is left out</source>
        <translation>Uniquement les conversations dont le coût estimé atteint au moins ce montant (p. ex. 0.50), calculé avec Paramètres → Prix ; une conversation sans prix est exclue</translation>
    </message>
    <message>
        <source>Any status</source>
        <translation>Tout état</translation>
    </message>
    <message>
        <source>Has a failed turn</source>
        <translation>Avec un tour en échec</translation>
    </message>
    <message>
        <source>Has a cancelled turn</source>
        <translation>Avec un tour annulé</translation>
    </message>
    <message>
        <source>Has an interrupted turn</source>
        <translation>Avec un tour interrompu</translation>
    </message>
    <message>
        <source>Has a timed-out turn</source>
        <translation>Avec un tour hors délai</translation>
    </message>
    <message>
        <source>Has a completed turn</source>
        <translation>Avec un tour terminé</translation>
    </message>
    <message>
        <source>Any verdict</source>
        <translation>Toute décision</translation>
    </message>
    <message>
        <source>Has a refused action</source>
        <translation>Avec une action refusée</translation>
    </message>
    <message>
        <source>Has an action that asked</source>
        <translation>Avec une action qui a demandé</translation>
    </message>
    <message>
        <source>Has a rejected action</source>
        <translation>Avec une action rejetée</translation>
    </message>
    <message>
        <source>Has a dropped action</source>
        <translation>Avec une action abandonnée</translation>
    </message>
    <message>
        <source>Has an action allowed by the user</source>
        <translation>Avec une action autorisée par l&apos;utilisateur</translation>
    </message>
</context>
<context>
    <name>HistoryStores</name>
    <message>
        <source>Team store ({address})</source>
        <translation>Stockage d&apos;équipe ({address})</translation>
    </message>
</context>
<context>
    <name>HistoryTable</name>
    <message>
        <source>Title</source>
        <translation>Titre</translation>
    </message>
    <message>
        <source>Workspace</source>
        <translation>Dossier de travail</translation>
    </message>
    <message>
        <source>First activity</source>
        <translation>Première activité</translation>
    </message>
    <message>
        <source>Last activity</source>
        <translation>Dernière activité</translation>
    </message>
    <message>
        <source>Models</source>
        <translation>Modèles</translation>
    </message>
    <message>
        <source>Turns</source>
        <translation>Tours</translation>
    </message>
    <message>
        <source>Tokens in</source>
        <translation>Tokens en entrée</translation>
    </message>
    <message>
        <source>Tokens out</source>
        <translation>Tokens en sortie</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>Coût</translation>
    </message>
    <message>
        <source>Failures</source>
        <translation>Échecs</translation>
    </message>
    <message>
        <source>Member</source>
        <translation>Membre</translation>
    </message>
    <message>
        <source>{count:,} turn(s) failed, timed out or were interrupted</source>
        <translation>{count:,} tour(s) en échec, hors délai ou interrompu(s)</translation>
    </message>
    <message>
        <source>an action was refused by the gate or rejected by you</source>
        <translation>une action a été refusée par le contrôle des autorisations ou rejetée par vous</translation>
    </message>
    <message>
        <source>a turn was stopped before it finished</source>
        <translation>un tour a été arrêté avant la fin</translation>
    </message>
    <message>
        <source>every turn completed</source>
        <translation>tous les tours ont abouti</translation>
    </message>
    <message>
        <source>no turn yet</source>
        <translation>aucun tour pour l&apos;instant</translation>
    </message>
</context>
<context>
    <name>HistoryWindow</name>
    <message>
        <source>Parley — History</source>
        <translation>Parley — Historique</translation>
    </message>
    <message>
        <source>Conversations</source>
        <translation>Conversations</translation>
    </message>
    <message>
        <source>Number of conversations shown</source>
        <translation>Nombre de conversations affichées</translation>
    </message>
    <message>
        <source>History</source>
        <translation>Historique</translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation>&amp;Actualiser</translation>
    </message>
    <message>
        <source>Export &amp;selected conversation(s)…</source>
        <translation>Exporter la ou les conversations &amp;sélectionnées…</translation>
    </message>
    <message>
        <source>Export all &amp;shown…</source>
        <translation>Exporter toutes celles &amp;affichées…</translation>
    </message>
    <message>
        <source>Export &amp;everything…</source>
        <translation>&amp;Tout exporter…</translation>
    </message>
    <message>
        <source>&amp;Verify record</source>
        <translation>&amp;Vérifier l&apos;enregistrement</translation>
    </message>
    <message>
        <source>&amp;Costs per member and model…</source>
        <translation>&amp;Coûts par membre et par modèle…</translation>
    </message>
    <message>
        <source>&amp;Delete conversation…</source>
        <translation>&amp;Supprimer la conversation…</translation>
    </message>
    <message>
        <source>&amp;Next match</source>
        <translation>Résultat &amp;suivant</translation>
    </message>
    <message>
        <source>&amp;Close</source>
        <translation>&amp;Fermer</translation>
    </message>
    <message>
        <source>&amp;History</source>
        <translation>&amp;Historique</translation>
    </message>
    <message>
        <source>Export: the selected conversations (Ctrl+E), all shown, or everything</source>
        <translation>Exporter : les conversations sélectionnées (Ctrl+E), toutes celles affichées, ou tout</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>Exporter</translation>
    </message>
    <message>
        <source>A menu: the selected conversations, all shown, or everything</source>
        <translation>Un menu : les conversations sélectionnées, toutes celles affichées, ou tout</translation>
    </message>
    <message>
        <source>No conversations match</source>
        <translation>Aucune conversation ne correspond</translation>
    </message>
    <message>
        <source>Nothing matches “{text}” with these filters.</source>
        <translation>Rien ne correspond à « {text} » avec ces filtres.</translation>
    </message>
    <message>
        <source>Nothing matches these filters.</source>
        <translation>Rien ne correspond à ces filtres.</translation>
    </message>
    <message>
        <source>Try other words, a wider date range, or clear the filters.</source>
        <translation>Essayez d&apos;autres mots, une plage de dates plus large, ou effacez les filtres.</translation>
    </message>
    <message>
        <source>No history yet</source>
        <translation>Pas encore d&apos;historique</translation>
    </message>
    <message>
        <source>Every conversation you have in Parley is recorded here: each turn, the model that answered, tool calls and the permission decisions, with tokens and failures. Start a chat in the main window and it appears here, ready to search, verify and export.</source>
        <translation>Chaque conversation que vous avez dans Parley est enregistrée ici : chaque tour, le modèle qui a répondu, les appels d&apos;outils et les décisions d&apos;autorisation, avec les tokens et les échecs. Commencez une discussion dans la fenêtre principale et elle apparaît ici, prête à être recherchée, vérifiée et exportée.</translation>
    </message>
    <message>
        <source>Loading…</source>
        <translation>Chargement…</translation>
    </message>
    <message>
        <source>Costs are summed on a team store: pick one in the store picker.</source>
        <translation>Les coûts sont totalisés sur un stockage d&apos;équipe : choisissez-en un dans le sélecteur de stockage.</translation>
    </message>
    <message>
        <source>Cannot sum the costs: {exc}</source>
        <translation>Impossible de totaliser les coûts : {exc}</translation>
    </message>
    <message>
        <source>Cannot read the team store: {exc}</source>
        <translation>Impossible de lire le stockage d&apos;équipe : {exc}</translation>
    </message>
    <message>
        <source>Cannot read the history: {exc}</source>
        <translation>Impossible de lire l&apos;historique : {exc}</translation>
    </message>
    <message>
        <source>Loading “{value}”…</source>
        <translation>Chargement de « {value} »…</translation>
    </message>
    <message>
        <source>Cannot read this conversation: {exc}</source>
        <translation>Impossible de lire cette conversation : {exc}</translation>
    </message>
    <message>
        <source>Select a conversation to export.</source>
        <translation>Sélectionnez une conversation à exporter.</translation>
    </message>
    <message>
        <source>No conversation is shown.</source>
        <translation>Aucune conversation n&apos;est affichée.</translation>
    </message>
    <message>
        <source>This Parley cannot export {value} yet; use JSON.</source>
        <translation>Ce Parley ne sait pas encore exporter en {value} ; utilisez JSON.</translation>
    </message>
    <message>
        <source>Exporting to {path}…</source>
        <translation>Exportation vers {path}…</translation>
    </message>
    <message>
        <source>Exported to {written}</source>
        <translation>Exporté vers {written}</translation>
    </message>
    <message>
        <source>Cannot export to {path}: {exc}</source>
        <translation>Impossible d&apos;exporter vers {path} : {exc}</translation>
    </message>
    <message>
        <source>Select a conversation to verify.</source>
        <translation>Sélectionnez une conversation à vérifier.</translation>
    </message>
    <message>
        <source>The record is intact: {count} events checked.</source>
        <translation>L&apos;enregistrement est intact : {count} événements vérifiés.</translation>
    </message>
    <message>
        <source>The record does not verify: event {event} — {reason} ({count} events checked).</source>
        <translation>La vérification de l&apos;enregistrement échoue : événement {event} — {reason} ({count} événements vérifiés).</translation>
    </message>
    <message>
        <source>Verify record</source>
        <translation>Vérifier l&apos;enregistrement</translation>
    </message>
    <message>
        <source>Cannot verify: {exc}</source>
        <translation>Vérification impossible : {exc}</translation>
    </message>
    <message>
        <source>Select a conversation to delete.</source>
        <translation>Sélectionnez une conversation à supprimer.</translation>
    </message>
    <message>
        <source>Delete conversation</source>
        <translation>Supprimer la conversation</translation>
    </message>
    <message>
        <source>Delete “{value}” and all of its {turns} turns? This cannot be undone.</source>
        <translation>Supprimer « {value} » et ses {turns} tours ? Cette action est irréversible.</translation>
    </message>
    <message>
        <source>Deleted “{title}” ({count} events).</source>
        <translation>« {title} » supprimée ({count} événements).</translation>
    </message>
    <message>
        <source>Cannot delete: {exc}</source>
        <translation>Suppression impossible : {exc}</translation>
    </message>
</context>
<context>
    <name>ImportDialog</name>
    <message>
        <source>Import MCP servers</source>
        <translation>Importer des serveurs MCP</translation>
    </message>
    <message>
        <source>Configuration to import</source>
        <translation>Configuration à importer</translation>
    </message>
    <message>
        <source>Choose file…</source>
        <translation>Choisir un fichier…</translation>
    </message>
    <message>
        <source>Choose a configuration file</source>
        <translation>Choisir un fichier de configuration</translation>
    </message>
    <message>
        <source>What will be imported</source>
        <translation>Ce qui sera importé</translation>
    </message>
    <message>
        <source>Import</source>
        <translation>Importer</translation>
    </message>
    <message>
        <source>Paste the contents of claude_desktop_config.json, Cursor&apos;s mcp.json or VS Code&apos;s mcp.json, or choose the file. Secret values (keys, tokens) go to the system keyring, never to Parley&apos;s settings file.</source>
        <translation>Collez le contenu de claude_desktop_config.json, du mcp.json de Cursor ou du mcp.json de VS Code, ou choisissez le fichier. Les valeurs secrètes (clés, jetons) vont dans le trousseau du système, jamais dans le fichier de paramètres de Parley.</translation>
    </message>
    <message>
        <source>MCP configuration</source>
        <translation>Configuration MCP</translation>
    </message>
    <message>
        <source>Cannot read {path}: {exc}</source>
        <translation>Impossible de lire {path} : {exc}</translation>
    </message>
    <message>
        <source>Nothing to import: {exc}</source>
        <translation>Rien à importer : {exc}</translation>
    </message>
</context>
<context>
    <name>KeySource</name>
    <message>
        <source>env {variable}</source>
        <translation>env {variable}</translation>
    </message>
    <message>
        <source>keyring</source>
        <translation>trousseau</translation>
    </message>
    <message>
        <source>none</source>
        <translation>aucune</translation>
    </message>
</context>
<context>
    <name>Keyring</name>
    <message>
        <source>no system keyring is available ({problem}); set the key in an environment variable instead</source>
        <translation>aucun trousseau du système n&apos;est disponible ({problem}) ; définissez plutôt la clé dans une variable d&apos;environnement</translation>
    </message>
    <message>
        <source>the system keyring ({backend})</source>
        <translation>le trousseau du système ({backend})</translation>
    </message>
    <message>
        <source>the system keyring (unavailable)</source>
        <translation>le trousseau du système (indisponible)</translation>
    </message>
    <message>
        <source>{store} did not keep the key for {provider!r}; set the key in an environment variable instead</source>
        <translation>{store} n&apos;a pas conservé la clé de {provider!r} ; définissez plutôt la clé dans une variable d&apos;environnement</translation>
    </message>
    <message>
        <source>an empty key cannot be stored</source>
        <translation>une clé vide ne peut pas être enregistrée</translation>
    </message>
    <message>
        <source>the keyring library failed to start: {detail}</source>
        <translation>la bibliothèque keyring n&apos;a pas pu démarrer : {detail}</translation>
    </message>
    <message>
        <source>the system keyring ({backend}) could not read the key: {detail}</source>
        <translation>le trousseau du système ({backend}) n&apos;a pas pu lire la clé : {detail}</translation>
    </message>
    <message>
        <source>the system keyring ({backend}) could not store the key: {detail}</source>
        <translation>le trousseau du système ({backend}) n&apos;a pas pu enregistrer la clé : {detail}</translation>
    </message>
    <message>
        <source>the system keyring ({backend}) could not delete the key: {detail}</source>
        <translation>le trousseau du système ({backend}) n&apos;a pas pu supprimer la clé : {detail}</translation>
    </message>
    <message>
        <source>no keyring backend was found; on Linux a Secret Service such as GNOME Keyring or KWallet must be running in the desktop session</source>
        <translation>aucun backend de trousseau n&apos;a été trouvé ; sous Linux, un Secret Service comme GNOME Keyring ou KWallet doit tourner dans la session de bureau</translation>
    </message>
    <message>
        <source>only backends that keep keys in plain files were found ({names})</source>
        <translation>seuls des backends qui conservent les clés dans des fichiers en clair ont été trouvés ({names})</translation>
    </message>
    <message>
        <source>the configured backend {backend} would keep keys in a plain file or nowhere, which Parley refuses</source>
        <translation>le backend configuré {backend} conserverait les clés dans un fichier en clair ou nulle part, ce que Parley refuse</translation>
    </message>
</context>
<context>
    <name>Knowledge</name>
    <message>
        <source>added</source>
        <translation>ajouté(s)</translation>
    </message>
    <message>
        <source>updated</source>
        <translation>mis à jour</translation>
    </message>
    <message>
        <source>removed</source>
        <translation>retiré(s)</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>en échec</translation>
    </message>
    <message>
        <source>unchanged</source>
        <translation>inchangé(s)</translation>
    </message>
    <message>
        <source>no files</source>
        <translation>aucun fichier</translation>
    </message>
    <message>
        <source>{text}; {chunks:,} chunks indexed</source>
        <translation>{text} ; {chunks:,} segments indexés</translation>
    </message>
    <message>
        <source>{text}; {over_cap:,} files past the limit of {limit:,} were left out</source>
        <translation>{text} ; {over_cap:,} fichiers au-delà de la limite de {limit:,} ont été ignorés</translation>
    </message>
    <message>
        <source>Stopped: {text}</source>
        <translation>Arrêté : {text}</translation>
    </message>
    <message>
        <source>the knowledge folder {root} does not exist or is not a folder</source>
        <translation>le dossier de connaissances {root} n&apos;existe pas ou n&apos;est pas un dossier</translation>
    </message>
    <message>
        <source>the knowledge folder {root} cannot be read ({detail})</source>
        <translation>le dossier de connaissances {root} ne peut pas être lu ({detail})</translation>
    </message>
    <message>
        <source>the knowledge folder {folder} is already being indexed</source>
        <translation>le dossier de connaissances {folder} est déjà en cours d&apos;indexation</translation>
    </message>
    <message>
        <source>{name} is an image; a knowledge folder indexes text</source>
        <translation>{name} est une image ; un dossier de connaissances indexe du texte</translation>
    </message>
    <message>
        <source>the {api} embeddings endpoint {url} did not answer in time</source>
        <translation>le point d&apos;accès d&apos;embeddings {api} {url} n&apos;a pas répondu à temps</translation>
    </message>
    <message>
        <source>the {api} embeddings endpoint {url} could not be reached ({error})</source>
        <translation>le point d&apos;accès d&apos;embeddings {api} {url} est injoignable ({error})</translation>
    </message>
    <message>
        <source>the {api} embeddings endpoint {url} answered HTTP {status}: {detail} (model {model})</source>
        <translation>le point d&apos;accès d&apos;embeddings {api} {url} a répondu HTTP {status} : {detail} (modèle {model})</translation>
    </message>
    <message>
        <source>{name} ({kind}) has no embeddings endpoint; pick an OpenAI-compatible, Ollama or Gemini provider for embeddings</source>
        <translation>{name} ({kind}) n&apos;a pas de point d&apos;accès d&apos;embeddings ; choisissez un fournisseur compatible OpenAI, Ollama ou Gemini pour les embeddings</translation>
    </message>
    <message>
        <source>{name} has {chars:,} characters; the index takes at most {limit:,} per document</source>
        <translation>{name} compte {chars:,} caractères ; l&apos;index en accepte au plus {limit:,} par document</translation>
    </message>
    <message>
        <source>{name} would make more than {limit:,} chunks</source>
        <translation>{name} produirait plus de {limit:,} segments</translation>
    </message>
    <message>
        <source>{name} was indexed for word search only: {problem}</source>
        <translation>{name} n&apos;a été indexé que pour la recherche par mots-clés : {problem}</translation>
    </message>
    <message>
        <source>Could not empty the index: {exc}</source>
        <translation>Impossible de vider l&apos;index : {exc}</translation>
    </message>
</context>
<context>
    <name>KnowledgeController</name>
    <message>
        <source>Knowledge folder of {name}: {message}</source>
        <translation>Dossier de connaissances de {name} : {message}</translation>
    </message>
</context>
<context>
    <name>KnowledgeNotices</name>
    <message>
        <source>A project</source>
        <translation>Un projet</translation>
    </message>
    <message>
        <source>Knowledge folder indexed</source>
        <translation>Dossier de connaissances indexé</translation>
    </message>
    <message>
        <source>Indexing did not finish</source>
        <translation>L&apos;indexation n&apos;a pas abouti</translation>
    </message>
</context>
<context>
    <name>LanguagePicker</name>
    <message>
        <source>&amp;Language</source>
        <translation>&amp;Langue</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>Langue</translation>
    </message>
    <message>
        <source>System language</source>
        <translation>Langue du système</translation>
    </message>
    <message>
        <source>Parley shows this language the next time it starts.</source>
        <translation>Parley affichera cette langue au prochain démarrage.</translation>
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
        <translation>Copier</translation>
    </message>
</context>
<context>
    <name>McpClaims</name>
    <message>
        <source>read-only</source>
        <translation>lecture seule</translation>
    </message>
    <message>
        <source>may change things</source>
        <translation>peut modifier des choses</translation>
    </message>
    <message>
        <source>destructive</source>
        <translation>destructeur</translation>
    </message>
    <message>
        <source>not destructive</source>
        <translation>non destructeur</translation>
    </message>
    <message>
        <source>idempotent</source>
        <translation>idempotent</translation>
    </message>
    <message>
        <source>reaches outside (open world)</source>
        <translation>accède à l&apos;extérieur (monde ouvert)</translation>
    </message>
    <message>
        <source>closed world</source>
        <translation>monde fermé</translation>
    </message>
    <message>
        <source>no claims</source>
        <translation>aucune déclaration</translation>
    </message>
</context>
<context>
    <name>McpError</name>
    <message>
        <source>MCP server {server!r}: {message}</source>
        <translation>Serveur MCP {server!r} : {message}</translation>
    </message>
    <message>
        <source>the MCP client is closed</source>
        <translation>le client MCP est fermé</translation>
    </message>
    <message>
        <source>the call was cancelled</source>
        <translation>l&apos;appel a été annulé</translation>
    </message>
    <message>
        <source>no answer within {seconds:g} s</source>
        <translation>aucune réponse en {seconds:g} s</translation>
    </message>
    <message>
        <source>no answer in time</source>
        <translation>aucune réponse à temps</translation>
    </message>
    <message>
        <source>{error} (it failed to start {waited:.0f} s ago; Parley tries again {retry:g} s after a failed start)</source>
        <translation>{error} (son démarrage a échoué il y a {waited:.0f} s ; Parley réessaie {retry:g} s après un échec de démarrage)</translation>
    </message>
    <message>
        <source>cannot open its log: {error}</source>
        <translation>impossible d&apos;ouvrir son journal : {error}</translation>
    </message>
    <message>
        <source>did not finish starting within {seconds:g} s</source>
        <translation>n&apos;a pas fini de démarrer en {seconds:g} s</translation>
    </message>
    <message>
        <source>start interrupted</source>
        <translation>démarrage interrompu</translation>
    </message>
    <message>
        <source>the secret {what} is not set (keyring)</source>
        <translation>le secret de {what} n&apos;est pas défini (trousseau)</translation>
    </message>
    <message>
        <source>variable {name}</source>
        <translation>la variable {name}</translation>
    </message>
    <message>
        <source>header {name}</source>
        <translation>l&apos;en-tête {name}</translation>
    </message>
    <message>
        <source>cannot run {command!r}: {error}</source>
        <translation>impossible d&apos;exécuter {command!r} : {error}</translation>
    </message>
    <message>
        <source>the session was stopped</source>
        <translation>la session a été arrêtée</translation>
    </message>
    <message>
        <source>the server refused to start a session: {error}</source>
        <translation>le serveur a refusé d&apos;ouvrir une session : {error}</translation>
    </message>
    <message>
        <source>could not connect: {kind}: {error}</source>
        <translation>connexion impossible : {kind} : {error}</translation>
    </message>
    <message>
        <source>OAuth is for HTTP servers, not stdio</source>
        <translation>OAuth est destiné aux serveurs HTTP, pas à stdio</translation>
    </message>
    <message>
        <source>no command configured</source>
        <translation>aucune commande configurée</translation>
    </message>
    <message>
        <source>no URL configured</source>
        <translation>aucune URL configurée</translation>
    </message>
    <message>
        <source>the server exited with code {code} (see its log)</source>
        <translation>le serveur s&apos;est arrêté avec le code {code} (voir son journal)</translation>
    </message>
    <message>
        <source>the server closed its output (see its log)</source>
        <translation>le serveur a fermé sa sortie (voir son journal)</translation>
    </message>
    <message>
        <source>the connection closed (see its log)</source>
        <translation>la connexion s&apos;est fermée (voir son journal)</translation>
    </message>
    <message>
        <source>the server answered an error: {error}</source>
        <translation>le serveur a répondu par une erreur : {error}</translation>
    </message>
</context>
<context>
    <name>McpNotice</name>
    <message>
        <source>MCP server &apos;{name}&apos; is not configured any more; its tools are not offered.</source>
        <translation>Le serveur MCP « {name} » n&apos;est plus configuré ; ses outils ne sont pas proposés.</translation>
    </message>
    <message>
        <source>Could not use MCP server &apos;{name}&apos;: {error}. Fix it in Settings → MCP servers; the turn goes on without its tools.</source>
        <translation>Impossible d&apos;utiliser le serveur MCP « {name} » : {error}. Corrigez-le dans Paramètres → Serveurs MCP ; le tour continue sans ses outils.</translation>
    </message>
    <message>
        <source>MCP server &apos;{name}&apos; is turned off in Settings; its tools are not offered.</source>
        <translation>Le serveur MCP « {name} » est désactivé dans les Paramètres ; ses outils ne sont pas proposés.</translation>
    </message>
    <message>
        <source>MCP server &apos;{name}&apos; could not list its tools ({error}); the turn goes on without them. Its log: {log}</source>
        <translation>Le serveur MCP « {name} » n&apos;a pas pu lister ses outils ({error}) ; le tour continue sans eux. Son journal : {log}</translation>
    </message>
    <message>
        <source>Tool {tool} of MCP server {server} timed out after {seconds:g} s. Its log: {log}</source>
        <translation>L&apos;outil {tool} du serveur MCP {server} a dépassé le délai de {seconds:g} s. Son journal : {log}</translation>
    </message>
    <message>
        <source>MCP server {server} failed on {tool}: {error}. Its log: {log}</source>
        <translation>Le serveur MCP {server} a échoué sur {tool} : {error}. Son journal : {log}</translation>
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
        <translation>Arguments du prompt {shown}</translation>
    </message>
    <message>
        <source>{name} — a prompt of the MCP server {server}</source>
        <translation>{name} — un prompt du serveur MCP {server}</translation>
    </message>
    <message>
        <source>* required</source>
        <translation>* obligatoire</translation>
    </message>
    <message>
        <source>Prompt arguments error</source>
        <translation>Erreur dans les arguments du prompt</translation>
    </message>
    <message>
        <source>Use prompt</source>
        <translation>Utiliser le prompt</translation>
    </message>
    <message>
        <source>Fill in {names}: the server needs them.</source>
        <translation>Remplissez {names} : le serveur en a besoin.</translation>
    </message>
    <message>
        <source>Fill in {names}: the server needs it.</source>
        <translation>Remplissez {names} : le serveur en a besoin.</translation>
    </message>
</context>
<context>
    <name>McpPromptsController</name>
    <message>
        <source>No prompts from {name}: {message}</source>
        <translation>Aucun prompt de {name} : {message}</translation>
    </message>
    <message>
        <source>{text} is not offered in this conversation any more (its server was turned off or changed).</source>
        <translation>{text} n&apos;est plus proposé dans cette conversation (son serveur a été désactivé ou modifié).</translation>
    </message>
    <message>
        <source>Getting the prompt {command}…</source>
        <translation>Récupération du prompt {command}…</translation>
    </message>
    <message>
        <source>Could not use {command}: MCP server {name!r} returned an empty prompt</source>
        <translation>Impossible d&apos;utiliser {command} : le serveur MCP {name!r} a renvoyé un prompt vide</translation>
    </message>
    <message>
        <source>Could not use {command}: MCP server {name!r} returned a prompt of {n_text:,} characters, more than the {MAX_PROMPT_CHARS:,} the prompt box takes</source>
        <translation>Impossible d&apos;utiliser {command} : le serveur MCP {name!r} a renvoyé un prompt de {n_text:,} caractères, plus que les {MAX_PROMPT_CHARS:,} que la zone de saisie accepte</translation>
    </message>
    <message>
        <source>Could not use {command}: {message}</source>
        <translation>Impossible d&apos;utiliser {command} : {message}</translation>
    </message>
</context>
<context>
    <name>McpResourcePicker</name>
    <message>
        <source>Attach from an MCP server</source>
        <translation>Joindre depuis un serveur MCP</translation>
    </message>
    <message>
        <source>Attach resources from MCP servers</source>
        <translation>Joindre des ressources de serveurs MCP</translation>
    </message>
    <message>
        <source>Filter by name, URI or description</source>
        <translation>Filtrer par nom, URI ou description</translation>
    </message>
    <message>
        <source>Filter resources</source>
        <translation>Filtrer les ressources</translation>
    </message>
    <message>
        <source>Resources</source>
        <translation>Ressources</translation>
    </message>
    <message>
        <source>Attach</source>
        <translation>Joindre</translation>
    </message>
    <message>
        <source>Could not list the resources of MCP server &apos;{server}&apos;: {reason}.</source>
        <translation>Impossible de lister les ressources du serveur MCP &apos;{server}&apos; : {reason}.</translation>
    </message>
    <message>
        <source>{line} Its log: {where}</source>
        <translation>{line} Son journal : {where}</translation>
    </message>
    <message>
        <source>No MCP server is chosen for this conversation (Tools → MCP servers).</source>
        <translation>Aucun serveur MCP n&apos;est choisi pour cette conversation (Outils → Serveurs MCP).</translation>
    </message>
    <message>
        <source>Loading… (waiting for {servers})</source>
        <translation>Chargement… (en attente de {servers})</translation>
    </message>
    <message>
        <source>These servers offer no resources.</source>
        <translation>Ces serveurs ne proposent aucune ressource.</translation>
    </message>
</context>
<context>
    <name>McpServersPage</name>
    <message>
        <source>Command on this computer (stdio)</source>
        <translation>Commande sur cet ordinateur (stdio)</translation>
    </message>
    <message>
        <source>Streamable HTTP (a URL)</source>
        <translation>HTTP diffusable (une URL)</translation>
    </message>
    <message>
        <source>Legacy HTTP + SSE (old servers)</source>
        <translation>HTTP + SSE ancien (anciens serveurs)</translation>
    </message>
    <message>
        <source>Default</source>
        <translation>Par défaut</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Exécuter</translation>
    </message>
    <message>
        <source>Ask</source>
        <translation>Demander</translation>
    </message>
    <message>
        <source>Deny</source>
        <translation>Refuser</translation>
    </message>
    <message>
        <source>Tool</source>
        <translation>Outil</translation>
    </message>
    <message>
        <source>What the server claims</source>
        <translation>Ce que le serveur affirme</translation>
    </message>
    <message>
        <source>Policy</source>
        <translation>Politique</translation>
    </message>
    <message>
        <source>{detail}
Failed: {error}
Log: {log}</source>
        <translation>{detail}
Échec : {error}
Journal : {log}</translation>
    </message>
    <message>
        <source>{detail}
Failed: {error}</source>
        <translation>{detail}
Échec : {error}</translation>
    </message>
    <message>
        <source>MCP servers</source>
        <translation>Serveurs MCP</translation>
    </message>
    <message>
        <source>Add server</source>
        <translation>Ajouter un serveur</translation>
    </message>
    <message>
        <source>Add MCP server</source>
        <translation>Ajouter un serveur MCP</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Retirer</translation>
    </message>
    <message>
        <source>Remove MCP server</source>
        <translation>Retirer le serveur MCP</translation>
    </message>
    <message>
        <source>Import…</source>
        <translation>Importer…</translation>
    </message>
    <message>
        <source>Import MCP servers from another app</source>
        <translation>Importer des serveurs MCP d&apos;une autre application</translation>
    </message>
    <message>
        <source>Problems in the settings file</source>
        <translation>Problèmes dans le fichier de paramètres</translation>
    </message>
    <message>
        <source>Server name</source>
        <translation>Nom du serveur</translation>
    </message>
    <message>
        <source>e.g. github</source>
        <translation>p. ex. github</translation>
    </message>
    <message>
        <source>Transport</source>
        <translation>Transport</translation>
    </message>
    <message>
        <source>Enabled</source>
        <translation>Activé</translation>
    </message>
    <message>
        <source>Server enabled</source>
        <translation>Serveur activé</translation>
    </message>
    <message>
        <source>Command</source>
        <translation>Commande</translation>
    </message>
    <message>
        <source>e.g. npx, uvx, node, /path/to/server</source>
        <translation>p. ex. npx, uvx, node, /chemin/vers/serveur</translation>
    </message>
    <message>
        <source>Arguments</source>
        <translation>Arguments</translation>
    </message>
    <message>
        <source>e.g. -y @modelcontextprotocol/server-github</source>
        <translation>p. ex. -y @modelcontextprotocol/server-github</translation>
    </message>
    <message>
        <source>Working folder</source>
        <translation>Dossier d&apos;exécution</translation>
    </message>
    <message>
        <source>optional</source>
        <translation>facultatif</translation>
    </message>
    <message>
        <source>Environment variables</source>
        <translation>Variables d&apos;environnement</translation>
    </message>
    <message>
        <source>NAME=value, one per line (no secrets here)</source>
        <translation>NOM=valeur, une par ligne (pas de secrets ici)</translation>
    </message>
    <message>
        <source>Server URL</source>
        <translation>URL du serveur</translation>
    </message>
    <message>
        <source>https://example.com/mcp</source>
        <translation>https://example.com/mcp</translation>
    </message>
    <message>
        <source>HTTP headers</source>
        <translation>En-têtes HTTP</translation>
    </message>
    <message>
        <source>Name: value, one per line (no secrets here)</source>
        <translation>Nom: valeur, un par ligne (pas de secrets ici)</translation>
    </message>
    <message>
        <source>Sign in with OAuth</source>
        <translation>Se connecter avec OAuth</translation>
    </message>
    <message>
        <source>OAuth sign-in state</source>
        <translation>État de la connexion OAuth</translation>
    </message>
    <message>
        <source>Sign out</source>
        <translation>Se déconnecter</translation>
    </message>
    <message>
        <source>Sign out of the server (forget its OAuth tokens)</source>
        <translation>Se déconnecter du serveur (oublier ses jetons OAuth)</translation>
    </message>
    <message>
        <source>Secrets</source>
        <translation>Secrets</translation>
    </message>
    <message>
        <source>Secret name</source>
        <translation>Nom du secret</translation>
    </message>
    <message>
        <source>Secret value</source>
        <translation>Valeur du secret</translation>
    </message>
    <message>
        <source>value (hidden; kept in the keyring)</source>
        <translation>valeur (masquée ; conservée dans le trousseau)</translation>
    </message>
    <message>
        <source>Set</source>
        <translation>Définir</translation>
    </message>
    <message>
        <source>Set the secret</source>
        <translation>Définir le secret</translation>
    </message>
    <message>
        <source>Remove secret</source>
        <translation>Retirer le secret</translation>
    </message>
    <message>
        <source>Remove the selected secret</source>
        <translation>Retirer le secret sélectionné</translation>
    </message>
    <message>
        <source>Time limit in seconds</source>
        <translation>Délai en secondes</translation>
    </message>
    <message>
        <source>Tools the server offers</source>
        <translation>Outils proposés par le serveur</translation>
    </message>
    <message>
        <source>Test connection</source>
        <translation>Tester la connexion</translation>
    </message>
    <message>
        <source>Test result</source>
        <translation>Résultat du test</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>Enregistrer</translation>
    </message>
    <message>
        <source>Save server</source>
        <translation>Enregistrer le serveur</translation>
    </message>
    <message>
        <source>Server save result</source>
        <translation>Résultat de l&apos;enregistrement du serveur</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>Serveur</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Nom</translation>
    </message>
    <message>
        <source>Lower-case letters, digits, &apos;-&apos; or &apos;_&apos;. Tools are named mcp__NAME__TOOL for the model.</source>
        <translation>Lettres minuscules, chiffres, &apos;-&apos; ou &apos;_&apos;. Pour le modèle, les outils s&apos;appellent mcp__NAME__TOOL.</translation>
    </message>
    <message>
        <source>How Parley talks to it.</source>
        <translation>Comment Parley communique avec lui.</translation>
    </message>
    <message>
        <source>A server that is off offers no tools anywhere.</source>
        <translation>Un serveur désactivé ne propose d&apos;outils nulle part.</translation>
    </message>
    <message>
        <source>The program that runs the server.</source>
        <translation>Le programme qui exécute le serveur.</translation>
    </message>
    <message>
        <source>As in a shell: quote an argument with spaces.</source>
        <translation>Comme dans un shell : mettez entre guillemets un argument contenant des espaces.</translation>
    </message>
    <message>
        <source>Folder</source>
        <translation>Dossier</translation>
    </message>
    <message>
        <source>The folder it starts in.</source>
        <translation>Le dossier dans lequel il démarre.</translation>
    </message>
    <message>
        <source>Environment</source>
        <translation>Environnement</translation>
    </message>
    <message>
        <source>Only these variables (and the secrets below) are passed, not your whole environment.</source>
        <translation>Seules ces variables (et les secrets ci-dessous) sont transmises, pas tout votre environnement.</translation>
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
        <translation>Le point d&apos;accès du serveur (http:// ou https://).</translation>
    </message>
    <message>
        <source>Headers</source>
        <translation>En-têtes</translation>
    </message>
    <message>
        <source>Sent with every request.</source>
        <translation>Envoyés avec chaque requête.</translation>
    </message>
    <message>
        <source>For a server that asks you to sign in: your browser opens the first time it is used (or tested), and the tokens go to the system keyring, never to a file.</source>
        <translation>Pour un serveur qui demande de se connecter : votre navigateur s&apos;ouvre à la première utilisation (ou au test), et les jetons vont dans le trousseau du système, jamais dans un fichier.</translation>
    </message>
    <message>
        <source>Variables (stdio) or headers (HTTP) whose values are kept in the system keyring, never in a file. Values are written when you save (or test the connection).</source>
        <translation>Variables (stdio) ou en-têtes (HTTP) dont les valeurs sont conservées dans le trousseau du système, jamais dans un fichier. Les valeurs sont écrites à l&apos;enregistrement (ou au test de connexion).</translation>
    </message>
    <message>
        <source>Limits</source>
        <translation>Limites</translation>
    </message>
    <message>
        <source>Time limit</source>
        <translation>Délai</translation>
    </message>
    <message>
        <source>A call that takes longer is stopped.</source>
        <translation>Un appel qui dure plus longtemps est arrêté.</translation>
    </message>
    <message>
        <source>Tools and policies</source>
        <translation>Outils et politiques</translation>
    </message>
    <message>
        <source>What the server says about a tool is a claim: it never lowers what Parley asks. Policy: Run without asking, Ask each time, Deny always, or Default (from the claims, never below your tool setting). “Always for this tool” in a permission prompt is stored here.</source>
        <translation>Ce que le serveur dit d&apos;un outil est une affirmation : cela ne réduit jamais ce que Parley demande. Politique : Exécuter sans demander, Demander à chaque fois, Toujours refuser, ou Par défaut (d&apos;après les déclarations, jamais en dessous de votre réglage d&apos;outils). « Toujours pour cet outil » dans une demande d&apos;autorisation est enregistré ici.</translation>
    </message>
    <message>
        <source>No MCP client is available in this Parley.</source>
        <translation>Aucun client MCP n&apos;est disponible dans ce Parley.</translation>
    </message>
    <message>
        <source>Not usable until fixed: {problem}</source>
        <translation>Inutilisable tant que ce n&apos;est pas corrigé : {problem}</translation>
    </message>
    <message>
        <source>variable, e.g. GITHUB_TOKEN</source>
        <translation>variable, p. ex. GITHUB_TOKEN</translation>
    </message>
    <message>
        <source>header, e.g. Authorization</source>
        <translation>en-tête, p. ex. Authorization</translation>
    </message>
    <message>
        <source>Signed in: the tokens are in the system keyring.</source>
        <translation>Connecté : les jetons sont dans le trousseau du système.</translation>
    </message>
    <message>
        <source>Not signed in: your browser opens when the server is first used.</source>
        <translation>Non connecté : votre navigateur s&apos;ouvrira à la première utilisation du serveur.</translation>
    </message>
    <message>
        <source>Save, then use or test the server to sign in.</source>
        <translation>Enregistrez, puis utilisez ou testez le serveur pour vous connecter.</translation>
    </message>
    <message>
        <source>new value, written when you save</source>
        <translation>nouvelle valeur, écrite à l&apos;enregistrement</translation>
    </message>
    <message>
        <source>stored in the keyring</source>
        <translation>enregistré dans le trousseau</translation>
    </message>
    <message>
        <source>no value yet</source>
        <translation>pas encore de valeur</translation>
    </message>
    <message>
        <source>A secret needs a name and a value.</source>
        <translation>Un secret doit avoir un nom et une valeur.</translation>
    </message>
    <message>
        <source>A server named {name!r} exists already.</source>
        <translation>Un serveur nommé {name!r} existe déjà.</translation>
    </message>
    <message>
        <source>Saved {name!r}.</source>
        <translation>{name!r} enregistré.</translation>
    </message>
    <message>
        <source>Not saved: {exc}</source>
        <translation>Non enregistré : {exc}</translation>
    </message>
    <message>
        <source>Not removed: {exc}</source>
        <translation>Non retiré : {exc}</translation>
    </message>
    <message>
        <source>Remove {name!r} and its secrets in the keyring?</source>
        <translation>Retirer {name!r} et ses secrets du trousseau ?</translation>
    </message>
    <message>
        <source>Not changed: {exc}</source>
        <translation>Non modifié : {exc}</translation>
    </message>
    <message>
        <source>{unavailable_reason}. The configuration holds secrets, so nothing was imported.</source>
        <translation>{unavailable_reason}. La configuration contient des secrets : rien n&apos;a été importé.</translation>
    </message>
    <message>
        <source>Imported {count} server(s): {names}</source>
        <translation>{count} serveur(s) importé(s) : {names}</translation>
    </message>
    <message>
        <source>Imported {count} server(s)</source>
        <translation>{count} serveur(s) importé(s)</translation>
    </message>
    <message>
        <source>Not imported: {exc}</source>
        <translation>Non importé : {exc}</translation>
    </message>
    <message>
        <source>, protocol {version}</source>
        <translation>, protocole {version}</translation>
    </message>
    <message>
        <source> to {who}</source>
        <translation> à {who}</translation>
    </message>
    <message>
        <source>Connected{value}{version}: {n_tools} tool(s).</source>
        <translation>Connecté{value}{version} : {n_tools} outil(s).</translation>
    </message>
    <message>
        <source>{text} (log: {log})</source>
        <translation>{text} (journal : {log})</translation>
    </message>
    <message>
        <source>Failed: {text}</source>
        <translation>Échec : {text}</translation>
    </message>
    <message>
        <source>Connecting… (sign in in your browser if it opens)</source>
        <translation>Connexion… (connectez-vous dans votre navigateur s&apos;il s&apos;ouvre)</translation>
    </message>
    <message>
        <source>Connecting…</source>
        <translation>Connexion…</translation>
    </message>
    <message>
        <source>Signed out of {name!r} (no keyring: nothing was stored).</source>
        <translation>Déconnecté de {name!r} (pas de trousseau : rien n&apos;était enregistré).</translation>
    </message>
    <message>
        <source>Signed out of {name!r}: its tokens were deleted from the keyring.</source>
        <translation>Déconnecté de {name!r} : ses jetons ont été supprimés du trousseau.</translation>
    </message>
    <message>
        <source>{name!r} had no sign-in stored.</source>
        <translation>{name!r} n&apos;avait pas de connexion enregistrée.</translation>
    </message>
    <message>
        <source>Not signed out: {exc}</source>
        <translation>Non déconnecté : {exc}</translation>
    </message>
    <message>
        <source>Policy for {tool}</source>
        <translation>Politique pour {tool}</translation>
    </message>
</context>
<context>
    <name>McpSettings</name>
    <message>
        <source>a stdio server needs a command to start</source>
        <translation>un serveur stdio a besoin d&apos;une commande pour démarrer</translation>
    </message>
    <message>
        <source>a stdio server takes a command, not a URL, headers or OAuth</source>
        <translation>un serveur stdio prend une commande, pas une URL, des en-têtes ou OAuth</translation>
    </message>
    <message>
        <source>an {transport} server takes a URL, not a command, arguments, environment or folder</source>
        <translation>un serveur {transport} prend une URL, pas une commande, des arguments, un environnement ou un dossier</translation>
    </message>
    <message>
        <source>the value of {variable} looks like a secret; name it as a secret variable (its value goes to the system keyring, never to the settings file)</source>
        <translation>la valeur de {variable} ressemble à un secret ; déclarez-la comme variable secrète (sa valeur va dans le trousseau du système, jamais dans le fichier de paramètres)</translation>
    </message>
    <message>
        <source>header {header} carries a credential; name it as a secret header (its value goes to the system keyring, never to the settings file)</source>
        <translation>l&apos;en-tête {header} contient un identifiant de connexion ; déclarez-le comme en-tête secret (sa valeur va dans le trousseau du système, jamais dans le fichier de paramètres)</translation>
    </message>
    <message>
        <source>{what} {name!r} is given twice</source>
        <translation>{name!r} ({what}) est indiqué deux fois</translation>
    </message>
    <message>
        <source>{name!r} is not a valid environment variable name (letters, digits and &apos;_&apos;, not starting with a digit)</source>
        <translation>{name!r} n&apos;est pas un nom de variable d&apos;environnement valide (lettres, chiffres et &apos;_&apos;, sans commencer par un chiffre)</translation>
    </message>
    <message>
        <source>{name!r} is not a valid HTTP header name</source>
        <translation>{name!r} n&apos;est pas un nom d&apos;en-tête HTTP valide</translation>
    </message>
    <message>
        <source>an HTTP or SSE server needs a URL (http:// or https://)</source>
        <translation>un serveur HTTP ou SSE a besoin d&apos;une URL (http:// ou https://)</translation>
    </message>
    <message>
        <source>URL {url!r} is malformed ({detail})</source>
        <translation>l&apos;URL {url!r} est mal formée ({detail})</translation>
    </message>
    <message>
        <source>URL {url!r} must start with http:// or https:// and name a host</source>
        <translation>l&apos;URL {url!r} doit commencer par http:// ou https:// et indiquer un hôte</translation>
    </message>
    <message>
        <source>the URL must not contain a user name or password; put credentials in a secret header</source>
        <translation>l&apos;URL ne doit pas contenir de nom d&apos;utilisateur ni de mot de passe ; placez les identifiants dans un en-tête secret</translation>
    </message>
    <message>
        <source>the URL must not contain spaces</source>
        <translation>l&apos;URL ne doit pas contenir d&apos;espaces</translation>
    </message>
</context>
<context>
    <name>MenuController</name>
    <message>
        <source>Commands: /skill NAME and /agent NAME add a skill&apos;s rules or an agent&apos;s persona to this message; /model NAME switches the model for the next message; /new starts a new conversation (/clear does the same; the current one is kept); /compact summarises the earlier messages so the conversation takes less of the model&apos;s window (nothing is deleted); //text sends text starting with &apos;/&apos;. Ctrl+/ lists the keyboard shortcuts.</source>
        <translation>Commandes : /skill NOM et /agent NOM ajoutent à ce message les règles d&apos;une compétence ou le personnage d&apos;un agent ; /model NOM change le modèle du prochain message ; /new commence une nouvelle conversation (/clear fait de même ; l&apos;actuelle est conservée) ; /compact résume les messages précédents pour que la conversation occupe moins la fenêtre du modèle (rien n&apos;est supprimé) ; //texte envoie un texte commençant par &apos;/&apos;. Ctrl+/ liste les raccourcis clavier.</translation>
    </message>
    <message>
        <source>Send with &amp;Enter (Shift+Enter for a new line)</source>
        <translation>&amp;Envoyer avec Entrée (Maj+Entrée pour une nouvelle ligne)</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Fichier</translation>
    </message>
    <message>
        <source>&amp;New chat</source>
        <translation>&amp;Nouvelle discussion</translation>
    </message>
    <message>
        <source>&amp;Quick switch…</source>
        <translation>Changement &amp;rapide…</translation>
    </message>
    <message>
        <source>&amp;Attach files…</source>
        <translation>&amp;Joindre des fichiers…</translation>
    </message>
    <message>
        <source>&amp;Settings…</source>
        <translation>&amp;Paramètres…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Quitter</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>&amp;Édition</translation>
    </message>
    <message>
        <source>&amp;Undo delete</source>
        <translation>&amp;Annuler la suppression</translation>
    </message>
    <message>
        <source>Copy last &amp;answer</source>
        <translation>Copier la dernière &amp;réponse</translation>
    </message>
    <message>
        <source>&amp;Edit last message</source>
        <translation>&amp;Modifier le dernier message</translation>
    </message>
    <message>
        <source>&amp;Regenerate last answer</source>
        <translation>&amp;Régénérer la dernière réponse</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Affichage</translation>
    </message>
    <message>
        <source>&amp;Theme</source>
        <translation>&amp;Thème</translation>
    </message>
    <message>
        <source>Follow the system</source>
        <translation>Suivre le système</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>Clair</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>Sombre</translation>
    </message>
    <message>
        <source>High contrast</source>
        <translation>Contraste élevé</translation>
    </message>
    <message>
        <source>Zoom &amp;in</source>
        <translation>&amp;Zoom avant</translation>
    </message>
    <message>
        <source>Zoom &amp;out</source>
        <translation>Zoom a&amp;rrière</translation>
    </message>
    <message>
        <source>&amp;Reset zoom</source>
        <translation>&amp;Taille normale</translation>
    </message>
    <message>
        <source>&amp;Sidebar</source>
        <translation>&amp;Barre latérale</translation>
    </message>
    <message>
        <source>Histor&amp;y</source>
        <translation>&amp;Historique</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>&amp;Parcourir…</translation>
    </message>
    <message>
        <source>&amp;Find conversation</source>
        <translation>&amp;Trouver une conversation</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>Ai&amp;de</translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts</source>
        <translation>Raccourcis &amp;clavier</translation>
    </message>
    <message>
        <source>&amp;Commands</source>
        <translation>&amp;Commandes</translation>
    </message>
</context>
<context>
    <name>MessageActions</name>
    <message>
        <source>Message copied</source>
        <translation>Message copié</translation>
    </message>
    <message>
        <source>Message copied as text</source>
        <translation>Message copié en texte</translation>
    </message>
    <message>
        <source>Message actions</source>
        <translation>Actions sur le message</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>Copier</translation>
    </message>
    <message>
        <source>Copy as text</source>
        <translation>Copier en texte</translation>
    </message>
    <message>
        <source>Regenerate</source>
        <translation>Régénérer</translation>
    </message>
    <message>
        <source>Edit</source>
        <translation>Modifier</translation>
    </message>
    <message>
        <source>Code copied</source>
        <translation>Code copié</translation>
    </message>
</context>
<context>
    <name>MessageToolbar</name>
    <message>
        <source>Message actions</source>
        <translation>Actions sur le message</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>Copier</translation>
    </message>
    <message>
        <source>Copy the message (Markdown)</source>
        <translation>Copier le message (Markdown)</translation>
    </message>
    <message>
        <source>Copy as text</source>
        <translation>Copier en texte</translation>
    </message>
    <message>
        <source>Copy the message as plain text</source>
        <translation>Copier le message en texte brut</translation>
    </message>
    <message>
        <source>Regenerate</source>
        <translation>Régénérer</translation>
    </message>
    <message>
        <source>Ask for another answer (the current one is kept as a branch)</source>
        <translation>Demander une autre réponse (l&apos;actuelle est conservée comme branche)</translation>
    </message>
    <message>
        <source>Edit</source>
        <translation>Modifier</translation>
    </message>
    <message>
        <source>Edit this message and send it as a new branch</source>
        <translation>Modifier ce message et l&apos;envoyer comme nouvelle branche</translation>
    </message>
</context>
<context>
    <name>ModelPicker</name>
    <message>
        <source>Choose a model</source>
        <translation>Choisir un modèle</translation>
    </message>
    <message>
        <source>{model} on {provider} — the model for the next message</source>
        <translation>{model} chez {provider} — le modèle du prochain message</translation>
    </message>
    <message>
        <source>{model} on {provider}</source>
        <translation>{model} chez {provider}</translation>
    </message>
    <message>
        <source>    Other model…</source>
        <translation>    Autre modèle…</translation>
    </message>
    <message>
        <source>Type the id of any model {provider} serves</source>
        <translation>Saisissez l&apos;identifiant de n&apos;importe quel modèle servi par {provider}</translation>
    </message>
    <message>
        <source>Other model</source>
        <translation>Autre modèle</translation>
    </message>
    <message>
        <source>Model id on {provider}:</source>
        <translation>Identifiant du modèle chez {provider} :</translation>
    </message>
</context>
<context>
    <name>NoticeBanner</name>
    <message>
        <source>Notice</source>
        <translation>Avis</translation>
    </message>
    <message>
        <source>Dismiss</source>
        <translation>Fermer</translation>
    </message>
</context>
<context>
    <name>OpenStoreDialog</name>
    <message>
        <source>Open a team store</source>
        <translation>Ouvrir un stockage d&apos;équipe</translation>
    </message>
    <message>
        <source>Team store address</source>
        <translation>Adresse du stockage d&apos;équipe</translation>
    </message>
    <message>
        <source>postgresql://you@host:5432/team</source>
        <translation>postgresql://vous@host:5432/team</translation>
    </message>
    <message>
        <source>For example {EXAMPLE}</source>
        <translation>Par exemple {EXAMPLE}</translation>
    </message>
    <message>
        <source>Password on the team store</source>
        <translation>Mot de passe du stockage d&apos;équipe</translation>
    </message>
    <message>
        <source>Empty: the one kept in the keyring</source>
        <translation>Vide : celui conservé dans le trousseau</translation>
    </message>
    <message>
        <source>Remember in the keyring</source>
        <translation>Mémoriser dans le trousseau</translation>
    </message>
    <message>
        <source>Keep the password in the system keyring for this address (never in a file)</source>
        <translation>Conserver le mot de passe de cette adresse dans le trousseau du système (jamais dans un fichier)</translation>
    </message>
    <message>
        <source>Your own role on the store: an operator reads everyone&apos;s conversations, a member their own. Nothing is written to the store.</source>
        <translation>Votre propre rôle sur le stockage : un opérateur lit les conversations de tous, un membre les siennes. Rien n&apos;est écrit dans le stockage.</translation>
    </message>
    <message>
        <source>Team store address error</source>
        <translation>Erreur dans l&apos;adresse du stockage d&apos;équipe</translation>
    </message>
    <message>
        <source>Address</source>
        <translation>Adresse</translation>
    </message>
    <message>
        <source>Password</source>
        <translation>Mot de passe</translation>
    </message>
    <message>
        <source>type the store&apos;s address</source>
        <translation>saisissez l&apos;adresse du stockage</translation>
    </message>
    <message>
        <source>The address: {problem}.</source>
        <translation>L&apos;adresse : {problem}.</translation>
    </message>
</context>
<context>
    <name>PermissionDialog</name>
    <message>
        <source>the turn&apos;s output folder</source>
        <translation>le dossier de sortie du tour</translation>
    </message>
    <message>
        <source>the workspace</source>
        <translation>le dossier de travail</translation>
    </message>
    <message>
        <source>Allow this action?</source>
        <translation>Autoriser cette action ?</translation>
    </message>
    <message>
        <source>Nothing runs until you choose. Deny is the default (Enter or Esc).</source>
        <translation>Rien ne s&apos;exécute avant votre choix. Refuser est le choix par défaut (Entrée ou Échap).</translation>
    </message>
    <message>
        <source>Arguments</source>
        <translation>Arguments</translation>
    </message>
    <message>
        <source>Command</source>
        <translation>Commande</translation>
    </message>
    <message>
        <source>Runs in</source>
        <translation>S&apos;exécute dans</translation>
    </message>
    <message>
        <source>Server and tool</source>
        <translation>Serveur et outil</translation>
    </message>
    <message>
        <source>MCP tool</source>
        <translation>Outil MCP</translation>
    </message>
    <message>
        <source>What the server claims</source>
        <translation>Ce que le serveur affirme</translation>
    </message>
    <message>
        <source>Claims</source>
        <translation>Déclarations</translation>
    </message>
    <message>
        <source>Effect: {words}</source>
        <translation>Effet : {words}</translation>
    </message>
    <message>
        <source>rule {rule}</source>
        <translation>règle {rule}</translation>
    </message>
    <message>
        <source>Effect</source>
        <translation>Effet</translation>
    </message>
    <message>
        <source>Sandbox</source>
        <translation>Bac à sable</translation>
    </message>
    <message>
        <source>Allow once</source>
        <translation>Autoriser une fois</translation>
    </message>
    <message>
        <source>Allow for this conversation</source>
        <translation>Autoriser pour cette conversation</translation>
    </message>
    <message>
        <source>This tool, in this conversation, until Parley closes</source>
        <translation>Cet outil, dans cette conversation, jusqu&apos;à la fermeture de Parley</translation>
    </message>
    <message>
        <source>This exact command only, until Parley closes</source>
        <translation>Uniquement cette commande exacte, jusqu&apos;à la fermeture de Parley</translation>
    </message>
    <message>
        <source>Always allow this tool</source>
        <translation>Toujours autoriser cet outil</translation>
    </message>
    <message>
        <source>Stored in Settings → MCP servers, where you can change it back</source>
        <translation>Enregistré dans Paramètres → Serveurs MCP, où vous pouvez revenir dessus</translation>
    </message>
    <message>
        <source>Deny</source>
        <translation>Refuser</translation>
    </message>
</context>
<context>
    <name>PermissionPrompt</name>
    <message>
        <source>Harmless</source>
        <translation>Sans danger</translation>
    </message>
    <message>
        <source>Contained</source>
        <translation>Confiné</translation>
    </message>
    <message>
        <source>Unknown effect</source>
        <translation>Effet inconnu</translation>
    </message>
    <message>
        <source>Dangerous</source>
        <translation>Dangereux</translation>
    </message>
    <message>
        <source>Refused</source>
        <translation>Refusé</translation>
    </message>
    <message>
        <source>The server says nothing about what this tool does.</source>
        <translation>Le serveur ne dit rien de ce que fait cet outil.</translation>
    </message>
    <message>
        <source>The server says: {claims}. Parley cannot check this.</source>
        <translation>Le serveur affirme : {claims}. Parley ne peut pas le vérifier.</translation>
    </message>
</context>
<context>
    <name>PricesPage</name>
    <message>
        <source>Model pattern</source>
        <translation>Motif de modèle</translation>
    </message>
    <message>
        <source>Provider</source>
        <translation>Fournisseur</translation>
    </message>
    <message>
        <source>Input $/Mtok</source>
        <translation>Entrée $/Mtok</translation>
    </message>
    <message>
        <source>Output $/Mtok</source>
        <translation>Sortie $/Mtok</translation>
    </message>
    <message>
        <source>Estimated cost per million tokens. A pattern is an exact model name or a glob (gpt-4.1*); a row with a provider beats one without; an exact name beats a glob. Estimates ignore cached-input and batch discounts.</source>
        <translation>Coût estimé par million de tokens. Un motif est un nom de modèle exact ou un glob (gpt-4.1*) ; une ligne avec fournisseur l&apos;emporte sur une ligne sans ; un nom exact l&apos;emporte sur un glob. Les estimations ignorent les remises sur l&apos;entrée en cache et les lots.</translation>
    </message>
    <message>
        <source>Prices result</source>
        <translation>Résultat des prix</translation>
    </message>
    <message>
        <source>Cannot read prices: {exc}</source>
        <translation>Impossible de lire les prix : {exc}</translation>
    </message>
    <message>
        <source>The built-in prices are shown; Save to use them.</source>
        <translation>Les prix intégrés sont affichés ; enregistrez pour les utiliser.</translation>
    </message>
    <message>
        <source>Saved {n_prices} price rows.</source>
        <translation>{n_prices} lignes de prix enregistrées.</translation>
    </message>
    <message>
        <source>Not saved: {exc}</source>
        <translation>Non enregistré : {exc}</translation>
    </message>
    <message>
        <source>Row {row}, {column}: {problem}</source>
        <translation>Ligne {row}, {column} : {problem}</translation>
    </message>
    <message>
        <source>Row {row}: {problem}</source>
        <translation>Ligne {row} : {problem}</translation>
    </message>
    <message>
        <source>Row {row} repeats row {first} ({pattern})</source>
        <translation>La ligne {row} répète la ligne {first} ({pattern})</translation>
    </message>
    <message>
        <source>Not saved. {problems}</source>
        <translation>Non enregistré. {problems}</translation>
    </message>
    <message>
        <source>a model name or pattern is needed</source>
        <translation>un nom ou un motif de modèle est nécessaire</translation>
    </message>
    <message>
        <source>a price is needed (0 for free)</source>
        <translation>un prix est nécessaire (0 si gratuit)</translation>
    </message>
    <message>
        <source>{text!r} is not a whole number of tokens</source>
        <translation>{text!r} n&apos;est pas un nombre entier de tokens</translation>
    </message>
    <message>
        <source>a context window size is needed</source>
        <translation>une taille de fenêtre de contexte est nécessaire</translation>
    </message>
    <message>
        <source>{tokens} tokens is too small (at least {minimum})</source>
        <translation>{tokens} tokens, c&apos;est trop peu (au moins {minimum})</translation>
    </message>
    <message>
        <source>{tokens} is more than the context window ({context})</source>
        <translation>{tokens} dépasse la fenêtre de contexte ({context})</translation>
    </message>
    <message>
        <source>Context tokens</source>
        <translation>Tokens de contexte</translation>
    </message>
    <message>
        <source>Max output</source>
        <translation>Sortie max.</translation>
    </message>
</context>
<context>
    <name>ProjectsPage</name>
    <message>
        <source>Automatic (ask only for risky actions)</source>
        <translation>Automatique (demander seulement pour les actions risquées)</translation>
    </message>
    <message>
        <source>Ask before every action</source>
        <translation>Demander avant chaque action</translation>
    </message>
    <message>
        <source>All tools (read, write, run)</source>
        <translation>Tous les outils (lire, écrire, exécuter)</translation>
    </message>
    <message>
        <source>Read-only tools</source>
        <translation>Outils en lecture seule</translation>
    </message>
    <message>
        <source>No tools</source>
        <translation>Aucun outil</translation>
    </message>
    <message>
        <source>Projects</source>
        <translation>Projets</translation>
    </message>
    <message>
        <source>New</source>
        <translation>Nouveau</translation>
    </message>
    <message>
        <source>New project</source>
        <translation>Nouveau projet</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Supprimer</translation>
    </message>
    <message>
        <source>Delete project</source>
        <translation>Supprimer le projet</translation>
    </message>
    <message>
        <source>Project name</source>
        <translation>Nom du projet</translation>
    </message>
    <message>
        <source>Project name error</source>
        <translation>Erreur dans le nom du projet</translation>
    </message>
    <message>
        <source>Workspace folder</source>
        <translation>Dossier de travail</translation>
    </message>
    <message>
        <source>optional: the folder the tools work in</source>
        <translation>facultatif : le dossier où travaillent les outils</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Parcourir…</translation>
    </message>
    <message>
        <source>Choose the workspace folder</source>
        <translation>Choisir le dossier de travail</translation>
    </message>
    <message>
        <source>Workspace folder error</source>
        <translation>Erreur du dossier de travail</translation>
    </message>
    <message>
        <source>Shared instructions</source>
        <translation>Instructions communes</translation>
    </message>
    <message>
        <source>optional: instructions every conversation of this project starts with</source>
        <translation>facultatif : instructions par lesquelles commence chaque conversation de ce projet</translation>
    </message>
    <message>
        <source>Default provider</source>
        <translation>Fournisseur par défaut</translation>
    </message>
    <message>
        <source>Default model</source>
        <translation>Modèle par défaut</translation>
    </message>
    <message>
        <source>optional: a model of that provider</source>
        <translation>facultatif : un modèle de ce fournisseur</translation>
    </message>
    <message>
        <source>Gate mode</source>
        <translation>Mode d&apos;autorisation</translation>
    </message>
    <message>
        <source>Tools</source>
        <translation>Outils</translation>
    </message>
    <message>
        <source>MCP servers enabled for this project</source>
        <translation>Serveurs MCP activés pour ce projet</translation>
    </message>
    <message>
        <source>No MCP servers are configured: add them under Settings → MCP servers.</source>
        <translation>Aucun serveur MCP n&apos;est configuré : ajoutez-en dans Paramètres → Serveurs MCP.</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>Enregistrer</translation>
    </message>
    <message>
        <source>Save project</source>
        <translation>Enregistrer le projet</translation>
    </message>
    <message>
        <source>Project save result</source>
        <translation>Résultat de l&apos;enregistrement du projet</translation>
    </message>
    <message>
        <source>Project</source>
        <translation>Projet</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Nom</translation>
    </message>
    <message>
        <source>Shown in the sidebar and the project picker.</source>
        <translation>Affiché dans la barre latérale et le sélecteur de projet.</translation>
    </message>
    <message>
        <source>Workspace</source>
        <translation>Dossier de travail</translation>
    </message>
    <message>
        <source>The folder the tools read, write and run in.</source>
        <translation>Le dossier où les outils lisent, écrivent et s&apos;exécutent.</translation>
    </message>
    <message>
        <source>Instructions</source>
        <translation>Instructions</translation>
    </message>
    <message>
        <source>Sent at the start of every conversation of this project.</source>
        <translation>Envoyées au début de chaque conversation de ce projet.</translation>
    </message>
    <message>
        <source>Defaults</source>
        <translation>Valeurs par défaut</translation>
    </message>
    <message>
        <source>What a new chat in this project starts on.</source>
        <translation>Ce avec quoi démarre une nouvelle discussion dans ce projet.</translation>
    </message>
    <message>
        <source>When Parley asks before an action.</source>
        <translation>Quand Parley demande avant une action.</translation>
    </message>
    <message>
        <source>What the model may do in the workspace.</source>
        <translation>Ce que le modèle peut faire dans le dossier de travail.</translation>
    </message>
    <message>
        <source>MCP servers</source>
        <translation>Serveurs MCP</translation>
    </message>
    <message>
        <source>The servers whose tools this project&apos;s conversations are offered (a server switched off in Settings → MCP servers offers none).</source>
        <translation>Les serveurs dont les outils sont proposés aux conversations de ce projet (un serveur désactivé dans Paramètres → Serveurs MCP n&apos;en propose aucun).</translation>
    </message>
    <message>
        <source>A project needs a name.</source>
        <translation>Un projet doit avoir un nom.</translation>
    </message>
    <message>
        <source>{folder} is not an existing folder</source>
        <translation>{folder} n&apos;est pas un dossier existant</translation>
    </message>
    <message>
        <source>Saved project {name!r}.</source>
        <translation>Projet {name!r} enregistré.</translation>
    </message>
    <message>
        <source>Not saved: {exc}</source>
        <translation>Non enregistré : {exc}</translation>
    </message>
    <message>
        <source>Not deleted: {exc}</source>
        <translation>Non supprimé : {exc}</translation>
    </message>
    <message>
        <source>Window&apos;s choice</source>
        <translation>Choix de la fenêtre</translation>
    </message>
    <message>
        <source>{current} (not configured)</source>
        <translation>{current} (non configuré)</translation>
    </message>
    <message>
        <source>{name} (not configured)</source>
        <translation>{name} (non configuré)</translation>
    </message>
    <message>
        <source>Delete the project {text!r}? Its files stay.</source>
        <translation>Supprimer le projet {text!r} ? Ses fichiers sont conservés.</translation>
    </message>
    <message>
        <source>Knowledge folder</source>
        <translation>Dossier de connaissances</translation>
    </message>
    <message>
        <source>optional: a folder of documents every turn of this project may be answered from</source>
        <translation>facultatif : un dossier de documents dont chaque tour de ce projet peut se servir pour répondre</translation>
    </message>
    <message>
        <source>Choose the knowledge folder</source>
        <translation>Choisir le dossier de connaissances</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>Effacer</translation>
    </message>
    <message>
        <source>Clear the knowledge folder</source>
        <translation>Retirer le dossier de connaissances</translation>
    </message>
    <message>
        <source>Knowledge folder error</source>
        <translation>Erreur du dossier de connaissances</translation>
    </message>
    <message>
        <source>Indexed files</source>
        <translation>Fichiers indexés</translation>
    </message>
    <message>
        <source>File</source>
        <translation>Fichier</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Taille</translation>
    </message>
    <message>
        <source>Chunks</source>
        <translation>Segments</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>État</translation>
    </message>
    <message>
        <source>Knowledge folder totals</source>
        <translation>Totaux du dossier de connaissances</translation>
    </message>
    <message>
        <source>Index now</source>
        <translation>Indexer maintenant</translation>
    </message>
    <message>
        <source>Index the knowledge folder now</source>
        <translation>Indexer le dossier de connaissances maintenant</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Annuler</translation>
    </message>
    <message>
        <source>Cancel indexing</source>
        <translation>Annuler l&apos;indexation</translation>
    </message>
    <message>
        <source>Indexing progress</source>
        <translation>Progression de l&apos;indexation</translation>
    </message>
    <message>
        <source>Indexing status</source>
        <translation>État de l&apos;indexation</translation>
    </message>
    <message>
        <source>Knowledge folders need the knowledge index, which is not available.</source>
        <translation>Les dossiers de connaissances nécessitent l&apos;index de connaissances, qui n&apos;est pas disponible.</translation>
    </message>
    <message>
        <source>Knowledge</source>
        <translation>Connaissances</translation>
    </message>
    <message>
        <source>Folder</source>
        <translation>Dossier</translation>
    </message>
    <message>
        <source>Parley indexes its documents (PDF, Word, Excel, PowerPoint, text, code; not images or hidden files) and answers this project&apos;s turns from them. It looks for changes every 30 seconds while the window is open.</source>
        <translation>Parley indexe ses documents (PDF, Word, Excel, PowerPoint, texte, code ; pas les images ni les fichiers cachés) et s&apos;en sert pour répondre aux tours de ce projet. Il recherche les modifications toutes les 30 secondes tant que la fenêtre est ouverte.</translation>
    </message>
    <message>
        <source>Indexed</source>
        <translation>Indexé</translation>
    </message>
    <message>
        <source>Cannot read the index: {exc}</source>
        <translation>Impossible de lire l&apos;index : {exc}</translation>
    </message>
    <message>
        <source>Save the project first: the folder has changed.</source>
        <translation>Enregistrez d&apos;abord le projet : le dossier a changé.</translation>
    </message>
    <message>
        <source>Choose a knowledge folder first.</source>
        <translation>Choisissez d&apos;abord un dossier de connaissances.</translation>
    </message>
    <message>
        <source>Stopping…</source>
        <translation>Arrêt…</translation>
    </message>
    <message>
        <source>indexed</source>
        <translation>indexé</translation>
    </message>
    <message>
        <source>{count:,} files · {size} · {chunks:,} chunks</source>
        <translation>{count:,} fichiers · {size} · {chunks:,} segments</translation>
    </message>
    <message>
        <source>{errors:,} not indexed (see Status)</source>
        <translation>{errors:,} non indexé(s) (voir État)</translation>
    </message>
    <message>
        <source>Nothing indexed yet.</source>
        <translation>Rien d&apos;indexé pour l&apos;instant.</translation>
    </message>
    <message>
        <source>No knowledge folder.</source>
        <translation>Pas de dossier de connaissances.</translation>
    </message>
    <message>
        <source>Indexing: looking at the folder…</source>
        <translation>Indexation : examen du dossier…</translation>
    </message>
    <message>
        <source>Indexing {value:,} of {total:,}: {name}</source>
        <translation>Indexation {value:,} sur {total:,} : {name}</translation>
    </message>
    <message>
        <source>Indexing: {done:,} of {total:,} read</source>
        <translation>Indexation : {done:,} sur {total:,} lus</translation>
    </message>
    <message>
        <source>Not indexed: {message}</source>
        <translation>Non indexé : {message}</translation>
    </message>
    <message>
        <source>Removed {count:,} files from the index.</source>
        <translation>{count:,} fichiers retirés de l&apos;index.</translation>
    </message>
</context>
<context>
    <name>ProviderEditor</name>
    <message>
        <source>no system keyring: use Key variable below</source>
        <translation>pas de trousseau système : utilisez Variable de clé ci-dessous</translation>
    </message>
    <message>
        <source>Disabled: {keyring_problem}. Name an environment variable under Key variable.</source>
        <translation>Désactivé : {keyring_problem}. Indiquez une variable d&apos;environnement dans Variable de clé.</translation>
    </message>
    <message>
        <source>{reason}. Set {variable} before starting Parley and name it under Key variable.</source>
        <translation>{reason}. Définissez {variable} avant de lancer Parley et indiquez-la dans Variable de clé.</translation>
    </message>
    <message>
        <source>an environment variable</source>
        <translation>une variable d&apos;environnement</translation>
    </message>
    <message>
        <source>paste it above (it is kept in the system keyring)</source>
        <translation>collez-la ci-dessus (elle est conservée dans le trousseau du système)</translation>
    </message>
    <message>
        <source>{reason}; set {variable} before starting Parley and name it under Key variable</source>
        <translation>{reason} ; définissez {variable} avant de lancer Parley et indiquez-la dans Variable de clé</translation>
    </message>
    <message>
        <source>{name!r} needs an API key: {where}</source>
        <translation>{name!r} a besoin d&apos;une clé d&apos;API : {where}</translation>
    </message>
    <message>
        <source>Key: {source}</source>
        <translation>Clé : {source}</translation>
    </message>
    <message>
        <source>Saved {name!r}.</source>
        <translation>{name!r} enregistré.</translation>
    </message>
    <message>
        <source>Saving…</source>
        <translation>Enregistrement…</translation>
    </message>
    <message>
        <source>Testing…</source>
        <translation>Test en cours…</translation>
    </message>
    <message>
        <source>Fetching models…</source>
        <translation>Récupération des modèles…</translation>
    </message>
    <message>
        <source>give the provider a name</source>
        <translation>donnez un nom au fournisseur</translation>
    </message>
</context>
<context>
    <name>ProviderError</name>
    <message>
        <source>{summary} (HTTP {status}): {message}</source>
        <translation>{summary} (HTTP {status}) : {message}</translation>
    </message>
    <message>
        <source>The provider refused the request</source>
        <translation>Le fournisseur a refusé la requête</translation>
    </message>
    <message>
        <source>The provider rejected the API key</source>
        <translation>Le fournisseur a rejeté la clé API</translation>
    </message>
    <message>
        <source>The API key may not use this model or endpoint</source>
        <translation>La clé API n&apos;a pas accès à ce modèle ou à ce point d&apos;accès</translation>
    </message>
    <message>
        <source>The provider does not know this model or endpoint</source>
        <translation>Le fournisseur ne connaît pas ce modèle ou ce point d&apos;accès</translation>
    </message>
    <message>
        <source>The provider is rate limiting requests</source>
        <translation>Le fournisseur limite le débit des requêtes</translation>
    </message>
    <message>
        <source>The account is out of quota or credit</source>
        <translation>Le compte a épuisé son quota ou son crédit</translation>
    </message>
    <message>
        <source>The provider is overloaded</source>
        <translation>Le fournisseur est surchargé</translation>
    </message>
    <message>
        <source>The conversation is too long for this model</source>
        <translation>La conversation est trop longue pour ce modèle</translation>
    </message>
    <message>
        <source>The provider&apos;s content policy refused the request</source>
        <translation>La politique de contenu du fournisseur a refusé la requête</translation>
    </message>
    <message>
        <source>The provider rejected the request as invalid</source>
        <translation>Le fournisseur a rejeté la requête comme invalide</translation>
    </message>
    <message>
        <source>The provider had a server error</source>
        <translation>Le fournisseur a eu une erreur serveur</translation>
    </message>
    <message>
        <source> (content type {content_type}, not an event stream)</source>
        <translation> (type de contenu {content_type}, pas un flux d&apos;événements)</translation>
    </message>
    <message>
        <source>none</source>
        <translation>aucun</translation>
    </message>
    <message>
        <source>before message_stop: it may be cut short</source>
        <translation>avant message_stop : elle est peut-être tronquée</translation>
    </message>
    <message>
        <source>the system keyring (entry {name!r})</source>
        <translation>le trousseau du système (entrée {name!r})</translation>
    </message>
    <message>
        <source>nowhere it knows of</source>
        <translation>aucun emplacement connu</translation>
    </message>
    <message>
        <source>provider {name!r} needs an API key and none was found (looked in: {looked}). {problem}: {variable}</source>
        <translation>le fournisseur {name!r} a besoin d&apos;une clé API et aucune n&apos;a été trouvée (cherché dans : {looked}). {problem} : {variable}</translation>
    </message>
    <message>
        <source>provider {name!r} needs an API key and none was found (looked in: {looked}). {problem}: name one with: parley providers add {entry} --replace --api-key-env VAR ...</source>
        <translation>le fournisseur {name!r} a besoin d&apos;une clé API et aucune n&apos;a été trouvée (cherché dans : {looked}). {problem} : indiquez-en une avec : parley providers add {entry} --replace --api-key-env VAR ...</translation>
    </message>
    <message>
        <source>provider {name!r} needs an API key and none was found (looked in: {looked}); store one with: parley providers set-key {entry}, or set the environment variable {variable}</source>
        <translation>le fournisseur {name!r} a besoin d&apos;une clé API et aucune n&apos;a été trouvée (cherché dans : {looked}) ; enregistrez-en une avec : parley providers set-key {entry}, ou définissez la variable d&apos;environnement {variable}</translation>
    </message>
    <message>
        <source>provider {name!r} needs an API key and none was found (looked in: {looked}); store one with: parley providers set-key {entry}, or name an environment variable with --api-key-env</source>
        <translation>le fournisseur {name!r} a besoin d&apos;une clé API et aucune n&apos;a été trouvée (cherché dans : {looked}) ; enregistrez-en une avec : parley providers set-key {entry}, ou indiquez une variable d&apos;environnement avec --api-key-env</translation>
    </message>
    <message>
        <source>provider {name!r} has an unknown kind {kind!r}</source>
        <translation>le fournisseur {name!r} a un type inconnu {kind!r}</translation>
    </message>
    <message>
        <source>provider {name!r} uses the kind {kind!r}, which this installation of Parley cannot speak ({error})</source>
        <translation>le fournisseur {name!r} utilise le type {kind!r}, que cette installation de Parley ne sait pas parler ({error})</translation>
    </message>
    <message>
        <source>no provider is configured; {hint}</source>
        <translation>aucun fournisseur n&apos;est configuré ; {hint}</translation>
    </message>
    <message>
        <source>before Gemini said it was finished (no finishReason); it may be cut short</source>
        <translation>avant que Gemini n&apos;indique avoir terminé (pas de finishReason) ; elle est peut-être tronquée</translation>
    </message>
    <message>
        <source>Gemini blocked the prompt ({reason}) and returned no answer.{details}</source>
        <translation>Gemini a bloqué le prompt ({reason}) et n&apos;a renvoyé aucune réponse.{details}</translation>
    </message>
    <message>
        <source>Gemini stopped this answer ({reason}) and returned no text.{details}</source>
        <translation>Gemini a arrêté cette réponse ({reason}) et n&apos;a renvoyé aucun texte.{details}</translation>
    </message>
    <message>
        <source> Gemini said: {message}</source>
        <translation> Gemini a dit : {message}</translation>
    </message>
    <message>
        <source> Blocked category: {categories}.</source>
        <translation> Catégorie bloquée : {categories}.</translation>
    </message>
    <message>
        <source> Gemini said: {message} Blocked category: {categories}.</source>
        <translation> Gemini a dit : {message} Catégorie bloquée : {categories}.</translation>
    </message>
    <message>
        <source>no details given</source>
        <translation>aucun détail fourni</translation>
    </message>
    <message>
        <source>the server sent an HTML page</source>
        <translation>le serveur a envoyé une page HTML</translation>
    </message>
    <message>
        <source>{reason} (the server sent an HTML page)</source>
        <translation>{reason} (le serveur a envoyé une page HTML)</translation>
    </message>
    <message>
        <source>the provider stopped responding: no data from {host} for {seconds:g} s</source>
        <translation>le fournisseur ne répond plus : aucune donnée de {host} depuis {seconds:g} s</translation>
    </message>
    <message>
        <source>the API key or an extra header contains characters that cannot be sent in an HTTP header (a line break, for instance)</source>
        <translation>la clé API ou un en-tête supplémentaire contient des caractères qui ne peuvent pas être envoyés dans un en-tête HTTP (un saut de ligne, par exemple)</translation>
    </message>
    <message>
        <source>unusable provider URL {url}: {cause}</source>
        <translation>URL de fournisseur inutilisable {url} : {cause}</translation>
    </message>
    <message>
        <source>could not connect to {url} within {seconds:g} s</source>
        <translation>impossible de se connecter à {url} en {seconds:g} s</translation>
    </message>
    <message>
        <source>secure connection to {host} failed: {cause}</source>
        <translation>la connexion sécurisée à {host} a échoué : {cause}</translation>
    </message>
    <message>
        <source>could not connect to {url}: {cause}</source>
        <translation>impossible de se connecter à {url} : {cause}</translation>
    </message>
    <message>
        <source>request to {url} failed: {kind}: {error}</source>
        <translation>la requête vers {url} a échoué : {kind} : {error}</translation>
    </message>
    <message>
        <source>the server closed the connection</source>
        <translation>le serveur a fermé la connexion</translation>
    </message>
    <message>
        <source>the connection to {host} dropped before the answer began: {reason}</source>
        <translation>la connexion à {host} a été perdue avant le début de la réponse : {reason}</translation>
    </message>
    <message>
        <source>the connection to {host} broke before the answer was complete: {reason}</source>
        <translation>la connexion à {host} a été coupée avant la fin de la réponse : {reason}</translation>
    </message>
    <message>
        <source>{host} sent an empty answer{hint}</source>
        <translation>{host} a envoyé une réponse vide{hint}</translation>
    </message>
    <message>
        <source>the answer from {host} ended{where} {lacks}</source>
        <translation>la réponse de {host} s&apos;est terminée{where} {lacks}</translation>
    </message>
    <message>
        <source> in the middle of {item}</source>
        <translation> au milieu d&apos;{item}</translation>
    </message>
    <message>
        <source> (content type was {content_type}, not an event stream)</source>
        <translation> (le type de contenu était {content_type}, pas un flux d&apos;événements)</translation>
    </message>
    <message>
        <source>the provider base URL {url!r} is not an http(s) URL (expected something like {example})</source>
        <translation>l&apos;URL de base du fournisseur {url!r} n&apos;est pas une URL http(s) (attendu : quelque chose comme {example})</translation>
    </message>
    <message>
        <source>no model chosen for {where}: the request names none and the provider has no default model{hint}</source>
        <translation>aucun modèle choisi pour {where} : la requête n&apos;en indique aucun et le fournisseur n&apos;a pas de modèle par défaut{hint}</translation>
    </message>
    <message>
        <source>this provider</source>
        <translation>ce fournisseur</translation>
    </message>
    <message>
        <source>{host} answered /{path} with something other than a model list</source>
        <translation>{host} a répondu à /{path} par autre chose qu&apos;une liste de modèles</translation>
    </message>
    <message>
        <source>{host} answered /{path} with something other than a model list: {detail}</source>
        <translation>{host} a répondu à /{path} par autre chose qu&apos;une liste de modèles : {detail}</translation>
    </message>
    <message>
        <source>{host} reported an error during the answer: {message}</source>
        <translation>{host} a signalé une erreur pendant la réponse : {message}</translation>
    </message>
    <message>
        <source>before the answer was complete; it may be cut short</source>
        <translation>avant que la réponse soit complète ; elle est peut-être tronquée</translation>
    </message>
    <message>
        <source>an event</source>
        <translation>un événement</translation>
    </message>
    <message>
        <source>is Ollama running there? Start it with `ollama serve` (or the Ollama app), or check the base URL</source>
        <translation>Ollama tourne-t-il à cette adresse ? Démarrez-le avec `ollama serve` (ou l&apos;application Ollama), ou vérifiez l&apos;URL de base</translation>
    </message>
    <message>
        <source>{error} — {hint}</source>
        <translation>{error} — {hint}</translation>
    </message>
    <message>
        <source>{detail} — is the model name right? To download it, run `ollama pull {model}` on the machine that runs Ollama</source>
        <translation>{detail} — le nom du modèle est-il correct ? Pour le télécharger, exécutez `ollama pull {model}` sur la machine où tourne Ollama</translation>
    </message>
    <message>
        <source>{detail} — is {base_url} the root of an Ollama server (like http://localhost:11434, without /v1)?</source>
        <translation>{detail} — {base_url} est-elle la racine d&apos;un serveur Ollama (comme http://localhost:11434, sans /v1) ?</translation>
    </message>
    <message>
        <source> (content type {content_type})</source>
        <translation> (type de contenu {content_type})</translation>
    </message>
    <message>
        <source> (content type was {content_type}, not {expected})</source>
        <translation> (le type de contenu était {content_type}, pas {expected})</translation>
    </message>
    <message>
        <source>a line</source>
        <translation>une ligne</translation>
    </message>
    <message>
        <source>before its final done:true line; it may be cut short</source>
        <translation>avant sa dernière ligne done:true ; elle est peut-être tronquée</translation>
    </message>
    <message>
        <source> (see `ollama list` for the local ones)</source>
        <translation> (voir `ollama list` pour les modèles locaux)</translation>
    </message>
    <message>
        <source>before [DONE]; it may be cut short</source>
        <translation>avant [DONE] ; elle est peut-être tronquée</translation>
    </message>
    <message>
        <source> (content type {content_type}; does it support streaming?)</source>
        <translation> (type de contenu {content_type} ; prend-il en charge le streaming ?)</translation>
    </message>
</context>
<context>
    <name>ProviderForm</name>
    <message>
        <source>Preset</source>
        <translation>Préréglage</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Nom</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Type</translation>
    </message>
    <message>
        <source>Base URL</source>
        <translation>URL de base</translation>
    </message>
    <message>
        <source>API key</source>
        <translation>Clé d&apos;API</translation>
    </message>
    <message>
        <source>optional: environment variable with the key</source>
        <translation>facultatif : variable d&apos;environnement contenant la clé</translation>
    </message>
    <message>
        <source>Key variable</source>
        <translation>Variable de clé</translation>
    </message>
    <message>
        <source>Default model</source>
        <translation>Modèle par défaut</translation>
    </message>
    <message>
        <source>Fetch models</source>
        <translation>Récupérer les modèles</translation>
    </message>
    <message>
        <source>Test</source>
        <translation>Tester</translation>
    </message>
    <message>
        <source>Test connection</source>
        <translation>Tester la connexion</translation>
    </message>
    <message>
        <source>Send a tiny request with what the form shows (nothing is saved)</source>
        <translation>Envoyer une toute petite requête avec ce qu&apos;indique le formulaire (rien n&apos;est enregistré)</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>Enregistrer</translation>
    </message>
    <message>
        <source>Provider result</source>
        <translation>Résultat du fournisseur</translation>
    </message>
    <message>
        <source>Connection</source>
        <translation>Connexion</translation>
    </message>
    <message>
        <source>Fills in the address, key variable and a model.</source>
        <translation>Remplit l&apos;adresse, la variable de clé et un modèle.</translation>
    </message>
    <message>
        <source>How the model picker names this provider.</source>
        <translation>Le nom de ce fournisseur dans le sélecteur de modèle.</translation>
    </message>
    <message>
        <source>The wire format; a preset fixes it.</source>
        <translation>Le format d&apos;échange ; un préréglage le fixe.</translation>
    </message>
    <message>
        <source>The API&apos;s root, e.g. https://api.openai.com/v1</source>
        <translation>La racine de l&apos;API, p. ex. https://api.openai.com/v1</translation>
    </message>
    <message>
        <source>A key you paste is kept in the system keyring, never in a file, and never shown again; or name an environment variable that holds it.</source>
        <translation>Une clé collée est conservée dans le trousseau du système, jamais dans un fichier, et n&apos;est plus jamais affichée ; ou indiquez une variable d&apos;environnement qui la contient.</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modèle</translation>
    </message>
    <message>
        <source>New chats with this provider start on it. Fetch models lists what the server offers.</source>
        <translation>Les nouvelles discussions avec ce fournisseur démarrent avec lui. Récupérer les modèles liste ce que propose le serveur.</translation>
    </message>
    <message>
        <source>Custom (OpenAI-compatible)</source>
        <translation>Personnalisé (compatible OpenAI)</translation>
    </message>
    <message>
        <source>leave empty to keep the current key</source>
        <translation>laisser vide pour garder la clé actuelle</translation>
    </message>
    <message>
        <source>{n_models} model(s) available.</source>
        <translation>{n_models} modèle(s) disponible(s).</translation>
    </message>
    <message>
        <source>optional for local servers</source>
        <translation>facultatif pour les serveurs locaux</translation>
    </message>
    <message>
        <source>paste the key: it is kept in the system keyring</source>
        <translation>collez la clé : elle est conservée dans le trousseau du système</translation>
    </message>
    <message>
        <source>not needed for a local server</source>
        <translation>inutile pour un serveur local</translation>
    </message>
</context>
<context>
    <name>ProviderKind</name>
    <message>
        <source>OpenAI-compatible</source>
        <translation>Compatible OpenAI</translation>
    </message>
    <message>
        <source>Anthropic Messages</source>
        <translation>Anthropic Messages</translation>
    </message>
    <message>
        <source>Ollama (native)</source>
        <translation>Ollama (natif)</translation>
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
        <translation>ÉCHEC · {kind} : {error}</translation>
    </message>
    <message>
        <source>OK · first token in {first:.0f} ms · total {total:.0f} ms · model {model}</source>
        <translation>OK · premier token en {first:.0f} ms · total {total:.0f} ms · modèle {model}</translation>
    </message>
    <message>
        <source>OK · no text in the answer{ended} · total {total:.0f} ms · model {model}</source>
        <translation>OK · aucun texte dans la réponse{ended} · total {total:.0f} ms · modèle {model}</translation>
    </message>
    <message>
        <source> (finish reason: {reason})</source>
        <translation> (raison de fin : {reason})</translation>
    </message>
    <message>
        <source>no model to test with</source>
        <translation>aucun modèle avec lequel tester</translation>
    </message>
    <message>
        <source>no complete answer within {seconds:g} s</source>
        <translation>aucune réponse complète en {seconds:g} s</translation>
    </message>
</context>
<context>
    <name>ProviderSettings</name>
    <message>
        <source>provider name {name!r} may contain only letters, digits, &apos;.&apos;, &apos;_&apos; and &apos;-&apos;</source>
        <translation>le nom de fournisseur {name!r} ne peut contenir que des lettres, des chiffres, &apos;.&apos;, &apos;_&apos; et &apos;-&apos;</translation>
    </message>
    <message>
        <source>provider {name!r}: api_key_env looks like an API key itself; give the NAME of the environment variable that holds the key (for example OPENAI_API_KEY) - keys are never stored in the settings</source>
        <translation>fournisseur {name!r} : api_key_env ressemble à une clé API ; indiquez le NOM de la variable d&apos;environnement qui contient la clé (par exemple OPENAI_API_KEY) - les clés ne sont jamais stockées dans les paramètres</translation>
    </message>
    <message>
        <source>provider {name!r}: api_key_env {env!r} is not a valid environment variable name (letters, digits and &apos;_&apos;, not starting with a digit)</source>
        <translation>fournisseur {name!r} : api_key_env {env!r} n&apos;est pas un nom de variable d&apos;environnement valide (lettres, chiffres et &apos;_&apos;, sans chiffre au début)</translation>
    </message>
    <message>
        <source>provider {name!r}: a base URL is required (http:// or https://)</source>
        <translation>fournisseur {name!r} : une URL de base est requise (http:// ou https://)</translation>
    </message>
    <message>
        <source>provider {name!r}: base URL {url!r} is malformed ({detail})</source>
        <translation>fournisseur {name!r} : l&apos;URL de base {url!r} est mal formée ({detail})</translation>
    </message>
    <message>
        <source>provider {name!r}: base URL {url!r} has an empty port after &apos;:&apos;</source>
        <translation>fournisseur {name!r} : l&apos;URL de base {url!r} a un port vide après &apos;:&apos;</translation>
    </message>
    <message>
        <source>provider {name!r}: base URL {url!r} must start with http:// or https:// and name a host</source>
        <translation>fournisseur {name!r} : l&apos;URL de base {url!r} doit commencer par http:// ou https:// et indiquer un hôte</translation>
    </message>
    <message>
        <source>provider {name!r}: base URL must not contain a user name or password; keys are never stored in the settings (use api_key_env)</source>
        <translation>fournisseur {name!r} : l&apos;URL de base ne doit contenir ni nom d&apos;utilisateur ni mot de passe ; les clés ne sont jamais stockées dans les paramètres (utilisez api_key_env)</translation>
    </message>
    <message>
        <source>provider {name!r}: base URL must not contain a query or fragment (&apos;?&apos;, &apos;#&apos;)</source>
        <translation>fournisseur {name!r} : l&apos;URL de base ne doit contenir ni requête ni fragment (&apos;?&apos;, &apos;#&apos;)</translation>
    </message>
    <message>
        <source>provider {name!r}: base URL must not contain spaces</source>
        <translation>fournisseur {name!r} : l&apos;URL de base ne doit pas contenir d&apos;espaces</translation>
    </message>
</context>
<context>
    <name>ProvidersPage</name>
    <message>
        <source>Providers</source>
        <translation>Fournisseurs</translation>
    </message>
    <message>
        <source>Add provider</source>
        <translation>Ajouter un fournisseur</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Retirer</translation>
    </message>
    <message>
        <source>Remove provider</source>
        <translation>Retirer le fournisseur</translation>
    </message>
    <message>
        <source>Provider details</source>
        <translation>Détails du fournisseur</translation>
    </message>
    <message>
        <source>{unavailable_reason}. Keys are read from environment variables only (name the variable under Key variable).</source>
        <translation>{unavailable_reason}. Les clés ne sont lues que dans des variables d&apos;environnement (indiquez la variable dans Variable de clé).</translation>
    </message>
    <message>
        <source>{base_url}
key: {source}</source>
        <translation>{base_url}
clé : {source}</translation>
    </message>
    <message>
        <source>Key: {source}</source>
        <translation>Clé : {source}</translation>
    </message>
    <message>
        <source>Remove {name!r} and its stored key?</source>
        <translation>Retirer {name!r} et sa clé enregistrée ?</translation>
    </message>
    <message>
        <source>Cannot remove: {exc}</source>
        <translation>Retrait impossible : {exc}</translation>
    </message>
</context>
<context>
    <name>QuickAskWindow</name>
    <message>
        <source>Quick ask — Parley</source>
        <translation>Question rapide — Parley</translation>
    </message>
    <message>
        <source>Ask anything…</source>
        <translation>Posez n&apos;importe quelle question…</translation>
    </message>
    <message>
        <source>Question</source>
        <translation>Question</translation>
    </message>
    <message>
        <source>Answer</source>
        <translation>Réponse</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>Copier</translation>
    </message>
    <message>
        <source>Open in Parley</source>
        <translation>Ouvrir dans Parley</translation>
    </message>
    <message>
        <source>the default model</source>
        <translation>le modèle par défaut</translation>
    </message>
    <message>
        <source>{model} · Enter sends · Esc closes</source>
        <translation>{model} · Entrée envoie · Échap ferme</translation>
    </message>
    <message>
        <source>Opening your profile…</source>
        <translation>Ouverture de votre profil…</translation>
    </message>
    <message>
        <source>No provider yet: add one in Parley&apos;s Settings → Providers.</source>
        <translation>Pas encore de fournisseur : ajoutez-en un dans Paramètres → Fournisseurs de Parley.</translation>
    </message>
    <message>
        <source>Commands work in Parley&apos;s window; here, just ask.</source>
        <translation>Les commandes fonctionnent dans la fenêtre de Parley ; ici, posez simplement votre question.</translation>
    </message>
    <message>
        <source>{model} is answering…</source>
        <translation>{model} répond…</translation>
    </message>
    <message>
        <source>Quick ask: {model} answered</source>
        <translation>Question rapide : {model} a répondu</translation>
    </message>
    <message>
        <source>Copied.</source>
        <translation>Copié.</translation>
    </message>
</context>
<context>
    <name>QuickSwitcher</name>
    <message>
        <source>Go to conversation</source>
        <translation>Aller à la conversation</translation>
    </message>
    <message>
        <source>Type to find a conversation by title or content</source>
        <translation>Tapez pour trouver une conversation par titre ou contenu</translation>
    </message>
    <message>
        <source>Find a conversation</source>
        <translation>Trouver une conversation</translation>
    </message>
    <message>
        <source>Matching conversations</source>
        <translation>Conversations correspondantes</translation>
    </message>
    <message>
        <source>{shown}
last activity {local_time}</source>
        <translation>{shown}
dernière activité {local_time}</translation>
    </message>
    <message>
        <source>{n_matches} by title; searching content…</source>
        <translation>{n_matches} par titre ; recherche dans le contenu…</translation>
    </message>
    <message>
        <source>Recent conversations</source>
        <translation>Conversations récentes</translation>
    </message>
    <message>
        <source>{titles} by title, {added} more by content</source>
        <translation>{titles} par titre, {added} de plus par contenu</translation>
    </message>
    <message>
        <source>Content search failed: {value}</source>
        <translation>Échec de la recherche dans le contenu : {value}</translation>
    </message>
</context>
<context>
    <name>ResourceChip</name>
    <message>
        <source>MCP resource {title}</source>
        <translation>Ressource MCP {title}</translation>
    </message>
    <message>
        <source>Remove {title}</source>
        <translation>Retirer {title}</translation>
    </message>
</context>
<context>
    <name>SamplingDialog</name>
    <message>
        <source>Let an MCP server use your model?</source>
        <translation>Laisser un serveur MCP utiliser votre modèle ?</translation>
    </message>
    <message>
        <source>{server} asks your model to answer</source>
        <translation>{server} demande une réponse à votre modèle</translation>
    </message>
    <message>
        <source>Nothing is sent until you allow it. The answer goes back to the server, not to the conversation. Deny is the default (Enter or Esc).</source>
        <translation>Rien n&apos;est envoyé avant votre autorisation. La réponse retourne au serveur, pas dans la conversation. Refuser est le choix par défaut (Entrée ou Échap).</translation>
    </message>
    <message>
        <source>no model is configured</source>
        <translation>aucun modèle n&apos;est configuré</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modèle</translation>
    </message>
    <message>
        <source>at most {max_tokens} tokens</source>
        <translation>au plus {max_tokens} tokens</translation>
    </message>
    <message>
        <source>Length</source>
        <translation>Longueur</translation>
    </message>
    <message>
        <source>Asked for</source>
        <translation>Demandé</translation>
    </message>
    <message>
        <source>System prompt</source>
        <translation>Prompt système</translation>
    </message>
    <message>
        <source>Messages</source>
        <translation>Messages</translation>
    </message>
    <message>
        <source>Allow once</source>
        <translation>Autoriser une fois</translation>
    </message>
    <message>
        <source>Deny</source>
        <translation>Refuser</translation>
    </message>
</context>
<context>
    <name>ScheduledController</name>
    <message>
        <source>&amp;Scheduled tasks…</source>
        <translation>Tâches &amp;planifiées…</translation>
    </message>
    <message>
        <source>&amp;Scheduled</source>
        <translation>&amp;Planifié</translation>
    </message>
    <message>
        <source>Scheduled</source>
        <translation>Planifiées</translation>
    </message>
    <message>
        <source>Tasks run on time even while Parley is closed ({what}).</source>
        <translation>Les tâches s&apos;exécutent à l&apos;heure même quand Parley est fermé ({what}).</translation>
    </message>
    <message>
        <source>Tasks run while this window is open. The operating system&apos;s timer is not on: {why}</source>
        <translation>Les tâches s&apos;exécutent tant que cette fenêtre est ouverte. Le minuteur du système n&apos;est pas actif : {why}</translation>
    </message>
    <message>
        <source>Scheduled task “{name}” is running…</source>
        <translation>La tâche planifiée « {name} » est en cours…</translation>
    </message>
    <message>
        <source>a removed task</source>
        <translation>une tâche supprimée</translation>
    </message>
    <message>
        <source>completed</source>
        <translation>terminée</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>échouée</translation>
    </message>
    <message>
        <source>timed out</source>
        <translation>délai dépassé</translation>
    </message>
    <message>
        <source>was cancelled</source>
        <translation>a été annulée</translation>
    </message>
    <message>
        <source>was interrupted</source>
        <translation>a été interrompue</translation>
    </message>
    <message>
        <source>could not start</source>
        <translation>n&apos;a pas pu démarrer</translation>
    </message>
    <message>
        <source>was missed</source>
        <translation>a été manquée</translation>
    </message>
    <message>
        <source>Scheduled task “{name}” {status}</source>
        <translation>La tâche planifiée « {name} » {status}</translation>
    </message>
    <message>
        <source>Its conversation is in the Scheduled section.</source>
        <translation>Sa conversation se trouve dans la section Planifiées.</translation>
    </message>
</context>
<context>
    <name>ScheduledPage</name>
    <message>
        <source>Scheduled tasks — Parley</source>
        <translation>Tâches planifiées — Parley</translation>
    </message>
    <message>
        <source>Scheduled tasks</source>
        <translation>Tâches planifiées</translation>
    </message>
    <message>
        <source>Add task…</source>
        <translation>Ajouter une tâche…</translation>
    </message>
    <message>
        <source>Run now</source>
        <translation>Exécuter maintenant</translation>
    </message>
    <message>
        <source>Turn off</source>
        <translation>Désactiver</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Retirer</translation>
    </message>
    <message>
        <source>Task</source>
        <translation>Tâche</translation>
    </message>
    <message>
        <source>Schedule</source>
        <translation>Planification</translation>
    </message>
    <message>
        <source>Next run</source>
        <translation>Prochaine exécution</translation>
    </message>
    <message>
        <source>Last run</source>
        <translation>Dernière exécution</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>État</translation>
    </message>
    <message>
        <source>No scheduled tasks yet. Add one to have a prompt run on a schedule — every weekday at 8, every hour — even while this window is closed.</source>
        <translation>Pas encore de tâche planifiée. Ajoutez-en une pour qu&apos;un prompt s&apos;exécute selon une planification — chaque jour de semaine à 8 h, toutes les heures — même quand cette fenêtre est fermée.</translation>
    </message>
    <message>
        <source>Runs</source>
        <translation>Exécutions</translation>
    </message>
    <message>
        <source>When</source>
        <translation>Quand</translation>
    </message>
    <message>
        <source>How</source>
        <translation>Comment</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>Coût</translation>
    </message>
    <message>
        <source>Files</source>
        <translation>Fichiers</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>Remarque</translation>
    </message>
    <message>
        <source>Open conversation</source>
        <translation>Ouvrir la conversation</translation>
    </message>
    <message>
        <source>off</source>
        <translation>désactivée</translation>
    </message>
    <message>
        <source>never</source>
        <translation>jamais</translation>
    </message>
    <message>
        <source>{n} action(s) refused</source>
        <translation>{n} action(s) refusée(s)</translation>
    </message>
    <message>
        <source>(removed)</source>
        <translation>(supprimée)</translation>
    </message>
    <message>
        <source>running…</source>
        <translation>en cours…</translation>
    </message>
    <message>
        <source>completed</source>
        <translation>terminée</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>échouée</translation>
    </message>
    <message>
        <source>timed out</source>
        <translation>délai dépassé</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>annulée</translation>
    </message>
    <message>
        <source>interrupted</source>
        <translation>interrompue</translation>
    </message>
    <message>
        <source>missed</source>
        <translation>manquée</translation>
    </message>
    <message>
        <source>not started</source>
        <translation>non démarrée</translation>
    </message>
    <message>
        <source>on time</source>
        <translation>à l&apos;heure</translation>
    </message>
    <message>
        <source>caught up</source>
        <translation>rattrapée</translation>
    </message>
    <message>
        <source>by hand</source>
        <translation>à la main</translation>
    </message>
    <message>
        <source>Turn on</source>
        <translation>Activer</translation>
    </message>
    <message>
        <source>Remove scheduled task</source>
        <translation>Retirer la tâche planifiée</translation>
    </message>
    <message>
        <source>Remove “{name}”? It will not run again; its past runs and their conversations stay.</source>
        <translation>Retirer « {name} » ? Elle ne s&apos;exécutera plus ; ses exécutions passées et leurs conversations sont conservées.</translation>
    </message>
</context>
<context>
    <name>Schedules</name>
    <message>
        <source>the project {project!r} no longer exists</source>
        <translation>le projet {project!r} n&apos;existe plus</translation>
    </message>
    <message>
        <source>the task offers tools but its workspace {workspace} is not a folder</source>
        <translation>la tâche propose des outils mais son dossier de travail {workspace} n&apos;est pas un dossier</translation>
    </message>
    <message>
        <source>the provider {provider!r} is no longer configured</source>
        <translation>le fournisseur {provider!r} n&apos;est plus configuré</translation>
    </message>
    <message>
        <source>no provider is configured (parley providers add)</source>
        <translation>aucun fournisseur n&apos;est configuré (parley providers add)</translation>
    </message>
    <message>
        <source>the prompt holds only commands; a task needs a message to send</source>
        <translation>le prompt ne contient que des commandes ; une tâche a besoin d&apos;un message à envoyer</translation>
    </message>
    <message>
        <source>missed while nothing was running (the task does not catch up)</source>
        <translation>manquée pendant que rien ne tournait (la tâche ne rattrape pas son retard)</translation>
    </message>
    <message>
        <source>the operating system&apos;s timer is written only on Linux (systemd); on macOS and Windows see docs/user-guide/scheduled-tasks.md (launchd, Task Scheduler). Until then tasks run while Parley&apos;s window is open.</source>
        <translation>le minuteur du système n&apos;est écrit que sous Linux (systemd) ; sous macOS et Windows, voir docs/user-guide/scheduled-tasks.md (launchd, Planificateur de tâches). D&apos;ici là, les tâches s&apos;exécutent tant que la fenêtre de Parley est ouverte.</translation>
    </message>
    <message>
        <source>the timer&apos;s units are written ({folder}) but systemd could not turn them on: {problem}. In a desktop session run: systemctl --user daemon-reload &amp;&amp; systemctl --user enable --now {unit}.timer — until then tasks run only while Parley&apos;s window is open.</source>
        <translation>les unités du minuteur sont écrites ({folder}) mais systemd n&apos;a pas pu les activer : {problem}. Dans une session de bureau, exécutez : systemctl --user daemon-reload &amp;&amp; systemctl --user enable --now {unit}.timer — d&apos;ici là, les tâches ne s&apos;exécutent que tant que la fenêtre de Parley est ouverte.</translation>
    </message>
    <message>
        <source>the systemd user timer {unit}.timer is on</source>
        <translation>le minuteur utilisateur systemd {unit}.timer est actif</translation>
    </message>
    <message>
        <source>no timer was installed</source>
        <translation>aucun minuteur n&apos;a été installé</translation>
    </message>
    <message>
        <source>the timer&apos;s files are removed; systemd said: {problem}</source>
        <translation>les fichiers du minuteur sont supprimés ; systemd a répondu : {problem}</translation>
    </message>
    <message>
        <source>the systemd user timer {unit}.timer is removed</source>
        <translation>le minuteur utilisateur systemd {unit}.timer est supprimé</translation>
    </message>
    <message>
        <source>no systemd user timer is installed</source>
        <translation>aucun minuteur utilisateur systemd n&apos;est installé</translation>
    </message>
    <message>
        <source>the timer is written but not active ({problem})</source>
        <translation>le minuteur est écrit mais pas actif ({problem})</translation>
    </message>
    <message>
        <source>{unit}.timer is active</source>
        <translation>{unit}.timer est actif</translation>
    </message>
    <message>
        <source>systemctl is not installed</source>
        <translation>systemctl n&apos;est pas installé</translation>
    </message>
</context>
<context>
    <name>SessionSearch</name>
    <message>
        <source>Search conversations ({keys_for})</source>
        <translation>Rechercher dans les conversations ({keys_for})</translation>
    </message>
    <message>
        <source>Search</source>
        <translation>Rechercher</translation>
    </message>
    <message>
        <source>Titles and content; Esc clears</source>
        <translation>Titres et contenu ; Échap efface</translation>
    </message>
    <message>
        <source>(untitled)</source>
        <translation>(sans titre)</translation>
    </message>
    <message>
        <source>(title matches)</source>
        <translation>(le titre correspond)</translation>
    </message>
    <message>
        <source>last activity {time} UTC</source>
        <translation>dernière activité {time} UTC</translation>
    </message>
</context>
<context>
    <name>SettingsController</name>
    <message>
        <source>Cannot read settings: {exc}</source>
        <translation>Impossible de lire les paramètres : {exc}</translation>
    </message>
    <message>
        <source>No project</source>
        <translation>Aucun projet</translation>
    </message>
    <message>
        <source>Cannot read skills: {exc}</source>
        <translation>Impossible de lire les compétences : {exc}</translation>
    </message>
    <message>
        <source>switch to {model} ({provider})</source>
        <translation>passer à {model} ({provider})</translation>
    </message>
    <message>
        <source>Start a new conversation</source>
        <translation>Commencer une nouvelle conversation</translation>
    </message>
    <message>
        <source>Start a new conversation (the current one is kept)</source>
        <translation>Commencer une nouvelle conversation (l&apos;actuelle est conservée)</translation>
    </message>
    <message>
        <source>What the commands do</source>
        <translation>Ce que font les commandes</translation>
    </message>
    <message>
        <source>Summarise the earlier messages to make room in the context</source>
        <translation>Résumer les messages précédents pour faire de la place dans le contexte</translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <source>Providers</source>
        <translation>Fournisseurs</translation>
    </message>
    <message>
        <source>Where answers come from: cloud services and servers on this computer. Keys are kept in the system keyring, never in a file.</source>
        <translation>D&apos;où viennent les réponses : services cloud et serveurs sur cet ordinateur. Les clés sont conservées dans le trousseau du système, jamais dans un fichier.</translation>
    </message>
    <message>
        <source>Skills &amp; Agents</source>
        <translation>Compétences &amp; agents</translation>
    </message>
    <message>
        <source>Markdown files that give the model rules (skills) or a persona (agents). Use them with /skill NAME and /agent NAME.</source>
        <translation>Des fichiers Markdown qui donnent au modèle des règles (compétences) ou un personnage (agents). Utilisez-les avec /skill NOM et /agent NOM.</translation>
    </message>
    <message>
        <source>Projects</source>
        <translation>Projets</translation>
    </message>
    <message>
        <source>A workspace folder, shared instructions, a default model and tool permissions under one name.</source>
        <translation>Un dossier de travail, des instructions communes, un modèle par défaut et des autorisations d&apos;outils sous un même nom.</translation>
    </message>
    <message>
        <source>Prices</source>
        <translation>Prix</translation>
    </message>
    <message>
        <source>The price table behind the estimated cost shown under each answer.</source>
        <translation>La table des prix derrière le coût estimé affiché sous chaque réponse.</translation>
    </message>
    <message>
        <source>MCP servers</source>
        <translation>Serveurs MCP</translation>
    </message>
    <message>
        <source>Tools from Model Context Protocol servers: programs on this computer or services on the web. Every call goes through Parley&apos;s permission checks.</source>
        <translation>Des outils issus de serveurs Model Context Protocol : programmes sur cet ordinateur ou services sur le web. Chaque appel passe par les contrôles d&apos;autorisation de Parley.</translation>
    </message>
    <message>
        <source>Context &amp; knowledge</source>
        <translation>Contexte &amp; connaissances</translation>
    </message>
    <message>
        <source>How long conversations are summarised, and how large documents and projects&apos; knowledge folders are searched for each turn.</source>
        <translation>Comment les longues conversations sont résumées, et comment les grands documents et les dossiers de connaissances des projets sont consultés à chaque tour.</translation>
    </message>
    <message>
        <source>Team</source>
        <translation>Équipe</translation>
    </message>
    <message>
        <source>Sync this computer&apos;s history with your team&apos;s store, in the background. This computer keeps working offline; the password is kept in the system keyring.</source>
        <translation>Synchroniser l&apos;historique de cet ordinateur avec le stockage de votre équipe, en arrière-plan. Cet ordinateur continue de fonctionner hors ligne ; le mot de passe est conservé dans le trousseau du système.</translation>
    </message>
    <message>
        <source>Desktop</source>
        <translation>Bureau</translation>
    </message>
    <message>
        <source>Parley in the system tray, and Quick ask: one question from anywhere, with a key chord or the command parley quick.</source>
        <translation>Parley dans la zone de notification, et la Question rapide : une question depuis n&apos;importe où, avec une combinaison de touches ou la commande parley quick.</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>Paramètres</translation>
    </message>
    <message>
        <source>Settings pages</source>
        <translation>Pages des paramètres</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Fermer</translation>
    </message>
</context>
<context>
    <name>Shortcuts</name>
    <message>
        <source>Send</source>
        <translation>Envoyer</translation>
    </message>
    <message>
        <source>Send the prompt</source>
        <translation>Envoyer le prompt</translation>
    </message>
    <message>
        <source>New line</source>
        <translation>Nouvelle ligne</translation>
    </message>
    <message>
        <source>Start a new line in the prompt</source>
        <translation>Commencer une nouvelle ligne dans le prompt</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Arrêter</translation>
    </message>
    <message>
        <source>Stop the answer being written (the partial answer is kept)</source>
        <translation>Arrêter la réponse en cours d&apos;écriture (la réponse partielle est conservée)</translation>
    </message>
    <message>
        <source>New conversation</source>
        <translation>Nouvelle conversation</translation>
    </message>
    <message>
        <source>Start a new conversation</source>
        <translation>Commencer une nouvelle conversation</translation>
    </message>
    <message>
        <source>Quick switch</source>
        <translation>Changement rapide</translation>
    </message>
    <message>
        <source>Jump to a conversation by its title</source>
        <translation>Aller à une conversation par son titre</translation>
    </message>
    <message>
        <source>Find conversation</source>
        <translation>Trouver une conversation</translation>
    </message>
    <message>
        <source>Search all conversations</source>
        <translation>Rechercher dans toutes les conversations</translation>
    </message>
    <message>
        <source>History</source>
        <translation>Historique</translation>
    </message>
    <message>
        <source>Browse, verify and export the history</source>
        <translation>Parcourir, vérifier et exporter l&apos;historique</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>Paramètres</translation>
    </message>
    <message>
        <source>Providers, keys and preferences</source>
        <translation>Fournisseurs, clés et préférences</translation>
    </message>
    <message>
        <source>Copy last answer</source>
        <translation>Copier la dernière réponse</translation>
    </message>
    <message>
        <source>Copy the last answer to the clipboard</source>
        <translation>Copier la dernière réponse dans le presse-papiers</translation>
    </message>
    <message>
        <source>Edit last message</source>
        <translation>Modifier le dernier message</translation>
    </message>
    <message>
        <source>Edit your last message (Up in an empty prompt); sending starts a new branch</source>
        <translation>Modifier votre dernier message (Haut dans un prompt vide) ; l&apos;envoi crée une nouvelle branche</translation>
    </message>
    <message>
        <source>Attach files</source>
        <translation>Joindre des fichiers</translation>
    </message>
    <message>
        <source>Choose files to attach to the prompt</source>
        <translation>Choisir des fichiers à joindre au prompt</translation>
    </message>
    <message>
        <source>Toggle sidebar</source>
        <translation>Afficher/masquer la barre latérale</translation>
    </message>
    <message>
        <source>Show or hide the conversation list</source>
        <translation>Afficher ou masquer la liste des conversations</translation>
    </message>
    <message>
        <source>Zoom in</source>
        <translation>Zoom avant</translation>
    </message>
    <message>
        <source>Make the text larger</source>
        <translation>Agrandir le texte</translation>
    </message>
    <message>
        <source>Zoom out</source>
        <translation>Zoom arrière</translation>
    </message>
    <message>
        <source>Make the text smaller</source>
        <translation>Réduire le texte</translation>
    </message>
    <message>
        <source>Reset zoom</source>
        <translation>Taille normale</translation>
    </message>
    <message>
        <source>Back to the normal text size</source>
        <translation>Revenir à la taille de texte normale</translation>
    </message>
    <message>
        <source>Show shortcuts</source>
        <translation>Afficher les raccourcis</translation>
    </message>
    <message>
        <source>This list of keyboard shortcuts</source>
        <translation>Cette liste de raccourcis clavier</translation>
    </message>
    <message>
        <source>Rename conversation</source>
        <translation>Renommer la conversation</translation>
    </message>
    <message>
        <source>Rename the selected conversation</source>
        <translation>Renommer la conversation sélectionnée</translation>
    </message>
    <message>
        <source>Delete conversation</source>
        <translation>Supprimer la conversation</translation>
    </message>
    <message>
        <source>Delete the selected conversation</source>
        <translation>Supprimer la conversation sélectionnée</translation>
    </message>
    <message>
        <source>Undo delete</source>
        <translation>Annuler la suppression</translation>
    </message>
    <message>
        <source>Bring back the conversation just deleted</source>
        <translation>Récupérer la conversation qui vient d&apos;être supprimée</translation>
    </message>
    <message>
        <source>Message actions</source>
        <translation>Actions sur le message</translation>
    </message>
    <message>
        <source>Copy, regenerate or edit the message at the cursor (also the Menu key)</source>
        <translation>Copier, régénérer ou modifier le message sous le curseur (aussi la touche Menu)</translation>
    </message>
    <message>
        <source>Quit</source>
        <translation>Quitter</translation>
    </message>
    <message>
        <source>Quit Parley</source>
        <translation>Quitter Parley</translation>
    </message>
</context>
<context>
    <name>ShortcutsDialog</name>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>Raccourcis clavier</translation>
    </message>
    <message>
        <source>Filter shortcuts</source>
        <translation>Filtrer les raccourcis</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>Action</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>Touches</translation>
    </message>
    <message>
        <source> or </source>
        <translation> ou </translation>
    </message>
    <message>
        <source>No shortcut matches.</source>
        <translation>Aucun raccourci ne correspond.</translation>
    </message>
</context>
<context>
    <name>SidebarController</name>
    <message>
        <source>Cannot search: {message}</source>
        <translation>Recherche impossible : {message}</translation>
    </message>
    <message>
        <source>Could not save the change: {message}</source>
        <translation>Impossible d&apos;enregistrer la modification : {message}</translation>
    </message>
    <message>
        <source>Stop the running answer before switching conversations.</source>
        <translation>Arrêtez la réponse en cours avant de changer de conversation.</translation>
    </message>
    <message>
        <source>Duplicated as “{title}”.</source>
        <translation>Dupliquée sous le nom « {title} ».</translation>
    </message>
    <message>
        <source>Stop the running answer before deleting this conversation.</source>
        <translation>Arrêtez la réponse en cours avant de supprimer cette conversation.</translation>
    </message>
    <message>
        <source>Deleted “{value}”.</source>
        <translation>« {value} » supprimée.</translation>
    </message>
    <message>
        <source>The conversation is back.</source>
        <translation>La conversation est de retour.</translation>
    </message>
</context>
<context>
    <name>SkillsPage</name>
    <message>
        <source>Skills</source>
        <translation>Compétences</translation>
    </message>
    <message>
        <source>Agents</source>
        <translation>Agents</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Type</translation>
    </message>
    <message>
        <source>Skills and agents</source>
        <translation>Compétences et agents</translation>
    </message>
    <message>
        <source>New</source>
        <translation>Nouveau</translation>
    </message>
    <message>
        <source>New skill or agent</source>
        <translation>Nouvelle compétence ou nouvel agent</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Supprimer</translation>
    </message>
    <message>
        <source>Delete skill or agent</source>
        <translation>Supprimer la compétence ou l&apos;agent</translation>
    </message>
    <message>
        <source>Open folder</source>
        <translation>Ouvrir le dossier</translation>
    </message>
    <message>
        <source>Open the folder of these files</source>
        <translation>Ouvrir le dossier de ces fichiers</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Nom</translation>
    </message>
    <message>
        <source>lower-case, e.g. code-review</source>
        <translation>minuscules, p. ex. code-review</translation>
    </message>
    <message>
        <source>Name error</source>
        <translation>Erreur dans le nom</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>Description</translation>
    </message>
    <message>
        <source>one line: what it is for</source>
        <translation>une ligne : à quoi cela sert</translation>
    </message>
    <message>
        <source>Text (Markdown)</source>
        <translation>Texte (Markdown)</translation>
    </message>
    <message>
        <source>The rules or the persona, in Markdown</source>
        <translation>Les règles ou le personnage, en Markdown</translation>
    </message>
    <message>
        <source>Text error</source>
        <translation>Erreur dans le texte</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>Enregistrer</translation>
    </message>
    <message>
        <source>Save skill or agent</source>
        <translation>Enregistrer la compétence ou l&apos;agent</translation>
    </message>
    <message>
        <source>Save result</source>
        <translation>Résultat de l&apos;enregistrement</translation>
    </message>
    <message>
        <source>Some files could not be used:</source>
        <translation>Certains fichiers n&apos;ont pas pu être utilisés :</translation>
    </message>
    <message>
        <source>Files that could not be used</source>
        <translation>Fichiers qui n&apos;ont pas pu être utilisés</translation>
    </message>
    <message>
        <source>Document</source>
        <translation>Document</translation>
    </message>
    <message>
        <source>Lower-case words joined by hyphens; it is the file&apos;s name.</source>
        <translation>Mots en minuscules reliés par des tirets ; c&apos;est le nom du fichier.</translation>
    </message>
    <message>
        <source>One line, shown in / completion.</source>
        <translation>Une ligne, affichée dans la complétion /.</translation>
    </message>
    <message>
        <source>Text</source>
        <translation>Texte</translation>
    </message>
    <message>
        <source>Markdown: the rules (a skill) or the persona (an agent).</source>
        <translation>Markdown : les règles (une compétence) ou le personnage (un agent).</translation>
    </message>
    <message>
        <source>Skills and agents are not available in this profile.</source>
        <translation>Les compétences et les agents ne sont pas disponibles dans ce profil.</translation>
    </message>
    <message>
        <source>Saved {kind} {name!r}.</source>
        <translation>{kind} {name!r} enregistré.</translation>
    </message>
    <message>
        <source>{exc}; choose another name</source>
        <translation>{exc} ; choisissez un autre nom</translation>
    </message>
    <message>
        <source>Not saved: {exc}</source>
        <translation>Non enregistré : {exc}</translation>
    </message>
    <message>
        <source>Deleted {kind} {name!r}.</source>
        <translation>{kind} {name!r} supprimé.</translation>
    </message>
    <message>
        <source>Delete {kind}</source>
        <translation>Supprimer : {kind}</translation>
    </message>
    <message>
        <source>Delete the {kind} {name!r}?</source>
        <translation>Supprimer {kind} {name!r} ?</translation>
    </message>
</context>
<context>
    <name>StorePicker</name>
    <message>
        <source>History store</source>
        <translation>Stockage de l&apos;historique</translation>
    </message>
    <message>
        <source>Whose history to browse: this computer&apos;s, or a team store&apos;s</source>
        <translation>L&apos;historique à parcourir : celui de cet ordinateur ou celui d&apos;un stockage d&apos;équipe</translation>
    </message>
    <message>
        <source>This computer</source>
        <translation>Cet ordinateur</translation>
    </message>
    <message>
        <source>History store error</source>
        <translation>Erreur du stockage de l&apos;historique</translation>
    </message>
    <message>
        <source>Open a team store…</source>
        <translation>Ouvrir un stockage d&apos;équipe…</translation>
    </message>
</context>
<context>
    <name>StoreSwitch</name>
    <message>
        <source>No team store is set up (Settings → Team).</source>
        <translation>Aucun stockage d&apos;équipe n&apos;est configuré (Paramètres → Équipe).</translation>
    </message>
    <message>
        <source>Opening the team store…</source>
        <translation>Ouverture du stockage d&apos;équipe…</translation>
    </message>
    <message>
        <source>Cannot open the team store: {exc}</source>
        <translation>Impossible d&apos;ouvrir le stockage d&apos;équipe : {exc}</translation>
    </message>
    <message>
        <source>This window cannot open a team store.</source>
        <translation>Cette fenêtre ne peut pas ouvrir de stockage d&apos;équipe.</translation>
    </message>
    <message>
        <source>Opened; {note}</source>
        <translation>Ouvert ; {note}</translation>
    </message>
    <message>
        <source>Not opened — {exc}</source>
        <translation>Non ouvert — {exc}</translation>
    </message>
</context>
<context>
    <name>Sync</name>
    <message>
        <source>server event {server_id} (from device {device}, #{seq}) of conversation {sid}: {problem}; nothing more of this conversation is accepted from the team store</source>
        <translation>événement serveur {server_id} (de l&apos;appareil {device}, #{seq}) de la conversation {sid} : {problem} ; plus rien de cette conversation n&apos;est accepté depuis le stockage d&apos;équipe</translation>
    </message>
    <message>
        <source>the server sent no payload text to verify</source>
        <translation>le serveur n&apos;a envoyé aucun texte de contenu à vérifier</translation>
    </message>
    <message>
        <source>payload changed: the event&apos;s content does not match its hash</source>
        <translation>contenu modifié : le contenu de l&apos;événement ne correspond pas à son hachage</translation>
    </message>
    <message>
        <source>link broken: the event does not follow the one before it in the server&apos;s chain (an event removed, inserted or reordered)</source>
        <translation>chaînage rompu : l&apos;événement ne suit pas le précédent dans la chaîne du serveur (un événement supprimé, inséré ou déplacé)</translation>
    </message>
    <message>
        <source>unreadable payload ({detail})</source>
        <translation>contenu illisible ({detail})</translation>
    </message>
    <message>
        <source>the event sent differs from the payload text the server hashed</source>
        <translation>l&apos;événement envoyé diffère du texte de contenu haché par le serveur</translation>
    </message>
</context>
<context>
    <name>SyncIndicator</name>
    <message>
        <source>Team sync status</source>
        <translation>État de la synchronisation d&apos;équipe</translation>
    </message>
    <message>
        <source>Quarantined conversations</source>
        <translation>Conversations en quarantaine</translation>
    </message>
    <message>
        <source>{action} syncing</source>
        <translation>Synchronisation : {action}</translation>
    </message>
    <message>
        <source>Try syncing again now</source>
        <translation>Réessayer la synchronisation maintenant</translation>
    </message>
</context>
<context>
    <name>TeamAccess</name>
    <message>
        <source>the password was not kept: {exc}</source>
        <translation>le mot de passe n&apos;a pas été conservé : {exc}</translation>
    </message>
</context>
<context>
    <name>TeamConnection</name>
    <message>
        <source>the system keyring</source>
        <translation>le trousseau du système</translation>
    </message>
    <message>
        <source>memory until Parley quits (no system keyring)</source>
        <translation>la mémoire jusqu&apos;à la fermeture de Parley (pas de trousseau du système)</translation>
    </message>
    <message>
        <source>this installation of Parley cannot reach a team store</source>
        <translation>cette installation de Parley ne peut pas accéder à un stockage d&apos;équipe</translation>
    </message>
    <message>
        <source>the team store&apos;s address: {problem}</source>
        <translation>l&apos;adresse du stockage d&apos;équipe : {problem}</translation>
    </message>
    <message>
        <source>this profile&apos;s history is open read-only: it cannot sync</source>
        <translation>l&apos;historique de ce profil est ouvert en lecture seule : il ne peut pas se synchroniser</translation>
    </message>
    <message>
        <source>it must start with postgresql://</source>
        <translation>elle doit commencer par postgresql://</translation>
    </message>
    <message>
        <source>it must name the member, as postgresql://NAME@host/database</source>
        <translation>elle doit indiquer le membre, sous la forme postgresql://NOM@host/database</translation>
    </message>
    <message>
        <source>it must not carry a password (Parley keeps it in the system keyring)</source>
        <translation>elle ne doit pas contenir de mot de passe (Parley le conserve dans le trousseau du système)</translation>
    </message>
    <message>
        <source>it must name the database, as postgresql://NAME@host/database</source>
        <translation>elle doit indiquer la base de données, sous la forme postgresql://NOM@host/database</translation>
    </message>
</context>
<context>
    <name>TeamPage</name>
    <message>
        <source>pushed {pushed} and pulled {pulled} events</source>
        <translation>{pushed} événements envoyés et {pulled} reçus</translation>
    </message>
    <message>
        <source>None</source>
        <translation>Aucun</translation>
    </message>
    <message>
        <source>Team store address</source>
        <translation>Adresse du stockage d&apos;équipe</translation>
    </message>
    <message>
        <source>Member</source>
        <translation>Membre</translation>
    </message>
    <message>
        <source>This device</source>
        <translation>Cet appareil</translation>
    </message>
    <message>
        <source>Where the password is kept</source>
        <translation>Où le mot de passe est conservé</translation>
    </message>
    <message>
        <source>Sync in the background</source>
        <translation>Synchroniser en arrière-plan</translation>
    </message>
    <message>
        <source>Sync with the team store</source>
        <translation>Synchroniser avec le stockage d&apos;équipe</translation>
    </message>
    <message>
        <source>Seconds between syncs</source>
        <translation>Secondes entre deux synchronisations</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>Enregistrer</translation>
    </message>
    <message>
        <source>Save team settings</source>
        <translation>Enregistrer les paramètres d&apos;équipe</translation>
    </message>
    <message>
        <source>Sync now</source>
        <translation>Synchroniser maintenant</translation>
    </message>
    <message>
        <source>Leave</source>
        <translation>Quitter</translation>
    </message>
    <message>
        <source>Leave the team store</source>
        <translation>Quitter le stockage d&apos;équipe</translation>
    </message>
    <message>
        <source>Stop syncing: this computer keeps its history; the password is removed from the keyring</source>
        <translation>Arrêter la synchronisation : cet ordinateur garde son historique ; le mot de passe est retiré du trousseau</translation>
    </message>
    <message>
        <source>Team store message</source>
        <translation>Message du stockage d&apos;équipe</translation>
    </message>
    <message>
        <source>Team store address to join</source>
        <translation>Adresse du stockage d&apos;équipe à rejoindre</translation>
    </message>
    <message>
        <source>postgresql://NAME@host:5432/database</source>
        <translation>postgresql://NOM@host:5432/base</translation>
    </message>
    <message>
        <source>Password on the team store</source>
        <translation>Mot de passe du stockage d&apos;équipe</translation>
    </message>
    <message>
        <source>kept in the system keyring</source>
        <translation>conservé dans le trousseau du système</translation>
    </message>
    <message>
        <source>Join…</source>
        <translation>Rejoindre…</translation>
    </message>
    <message>
        <source>Join the team store</source>
        <translation>Rejoindre le stockage d&apos;équipe</translation>
    </message>
    <message>
        <source>Join result</source>
        <translation>Résultat de l&apos;adhésion</translation>
    </message>
    <message>
        <source>The team store</source>
        <translation>Le stockage d&apos;équipe</translation>
    </message>
    <message>
        <source>Address</source>
        <translation>Adresse</translation>
    </message>
    <message>
        <source>Password</source>
        <translation>Mot de passe</translation>
    </message>
    <message>
        <source>Never in a file Parley writes.</source>
        <translation>Jamais dans un fichier écrit par Parley.</translation>
    </message>
    <message>
        <source>Your name on the team store.</source>
        <translation>Votre nom sur le stockage d&apos;équipe.</translation>
    </message>
    <message>
        <source>How the team store tells this desktop apart.</source>
        <translation>Ce qui permet au stockage d&apos;équipe de distinguer ce poste.</translation>
    </message>
    <message>
        <source>Sync</source>
        <translation>Synchronisation</translation>
    </message>
    <message>
        <source>Off: nothing is sent or fetched; nothing is lost.</source>
        <translation>Désactivé : rien n&apos;est envoyé ni récupéré ; rien n&apos;est perdu.</translation>
    </message>
    <message>
        <source>Every</source>
        <translation>Toutes les</translation>
    </message>
    <message>
        <source>While Parley is open, and after every answer.</source>
        <translation>Tant que Parley est ouvert, et après chaque réponse.</translation>
    </message>
    <message>
        <source>Join a team store</source>
        <translation>Rejoindre un stockage d&apos;équipe</translation>
    </message>
    <message>
        <source>From your team&apos;s administrator (parley team add-member).</source>
        <translation>Fourni par l&apos;administrateur de votre équipe (parley team add-member).</translation>
    </message>
    <message>
        <source>Checked with a first sync before it is kept.</source>
        <translation>Vérifié par une première synchronisation avant d&apos;être conservé.</translation>
    </message>
    <message>
        <source>None — join one below</source>
        <translation>Aucun — rejoignez-en un ci-dessous</translation>
    </message>
    <message>
        <source>In {kept}.</source>
        <translation>Dans {kept}.</translation>
    </message>
    <message>
        <source>Not kept: libpq reads ~/.pgpass, or join again to give it.</source>
        <translation>Non conservé : libpq lit ~/.pgpass, ou rejoignez à nouveau pour le donner.</translation>
    </message>
    <message>
        <source>Saved.</source>
        <translation>Enregistré.</translation>
    </message>
    <message>
        <source>Syncing now — the window&apos;s status line says how it went.</source>
        <translation>Synchronisation en cours — la ligne d&apos;état de la fenêtre indique le résultat.</translation>
    </message>
    <message>
        <source>Synced: {outcome_text}.</source>
        <translation>Synchronisé : {outcome_text}.</translation>
    </message>
    <message>
        <source>Could not sync: {error}</source>
        <translation>Synchronisation impossible : {error}</translation>
    </message>
    <message>
        <source>Could not sync: {exc}</source>
        <translation>Synchronisation impossible : {exc}</translation>
    </message>
    <message>
        <source>Syncing…</source>
        <translation>Synchronisation…</translation>
    </message>
    <message>
        <source>Left {address}: this computer&apos;s history is kept.</source>
        <translation>{address} quitté : l&apos;historique de cet ordinateur est conservé.</translation>
    </message>
    <message>
        <source>type the team store&apos;s address</source>
        <translation>saisissez l&apos;adresse du stockage d&apos;équipe</translation>
    </message>
    <message>
        <source>The address: {problem}.</source>
        <translation>L&apos;adresse : {problem}.</translation>
    </message>
    <message>
        <source>Joined as {member}: {outcome}.</source>
        <translation>Rejoint en tant que {member} : {outcome}.</translation>
    </message>
    <message>
        <source>No system keyring could keep the password ({problem}), so it is kept in memory until Parley quits: to sync after a restart, set PGPASSWORD or use ~/.pgpass.</source>
        <translation>Aucun trousseau du système n&apos;a pu conserver le mot de passe ({problem}) ; il est donc gardé en mémoire jusqu&apos;à la fermeture de Parley : pour synchroniser après un redémarrage, définissez PGPASSWORD ou utilisez ~/.pgpass.</translation>
    </message>
    <message>
        <source>Could not join: {value}</source>
        <translation>Adhésion impossible : {value}</translation>
    </message>
    <message>
        <source>Could not join: {exc}</source>
        <translation>Adhésion impossible : {exc}</translation>
    </message>
    <message>
        <source>Joining: a first sync with the team store…</source>
        <translation>Adhésion : une première synchronisation avec le stockage d&apos;équipe…</translation>
    </message>
</context>
<context>
    <name>TeamStore</name>
    <message>
        <source>the team store {where} refused the login: {detail}</source>
        <translation>le stockage d&apos;équipe {where} a refusé la connexion : {detail}</translation>
    </message>
    <message>
        <source>cannot reach the team store {where} (no connection within the timeout)</source>
        <translation>impossible d&apos;atteindre le stockage d&apos;équipe {where} (aucune connexion dans le délai imparti)</translation>
    </message>
    <message>
        <source>cannot reach the team store {where} ({detail})</source>
        <translation>impossible d&apos;atteindre le stockage d&apos;équipe {where} ({detail})</translation>
    </message>
    <message>
        <source>the team database {where} is not set up for this Parley (missing {missing}); its owner must run init_team</source>
        <translation>la base de données d&apos;équipe {where} n&apos;est pas configurée pour ce Parley (il manque {missing}) ; son propriétaire doit exécuter init_team</translation>
    </message>
</context>
<context>
    <name>TeamSync</name>
    <message>
        <source>just now</source>
        <translation>à l&apos;instant</translation>
    </message>
    <message>
        <source>{minutes} min ago</source>
        <translation>il y a {minutes} min</translation>
    </message>
    <message>
        <source>{hours} h ago</source>
        <translation>il y a {hours} h</translation>
    </message>
    <message>
        <source>{days} d ago</source>
        <translation>il y a {days} j</translation>
    </message>
    <message>
        <source>unknown error</source>
        <translation>erreur inconnue</translation>
    </message>
    <message>
        <source>no password — join again in Settings → Team, or set PGPASSWORD</source>
        <translation>pas de mot de passe — rejoignez à nouveau dans Paramètres → Équipe, ou définissez PGPASSWORD</translation>
    </message>
    <message>
        <source>the login was refused — check the password in Settings → Team</source>
        <translation>la connexion a été refusée — vérifiez le mot de passe dans Paramètres → Équipe</translation>
    </message>
    <message>
        <source>Synced {ago}</source>
        <translation>Synchronisé {ago}</translation>
    </message>
    <message>
        <source>Last synced {ago}</source>
        <translation>Dernière synchronisation {ago}</translation>
    </message>
    <message>
        <source>Sync paused</source>
        <translation>Synchronisation suspendue</translation>
    </message>
    <message>
        <source>Syncing…</source>
        <translation>Synchronisation…</translation>
    </message>
    <message>
        <source>Offline — retrying in {wait} s</source>
        <translation>Hors ligne — nouvel essai dans {wait} s</translation>
    </message>
    <message>
        <source>Offline</source>
        <translation>Hors ligne</translation>
    </message>
    <message>
        <source>Sync stopped: {error}</source>
        <translation>Synchronisation arrêtée : {error}</translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>Reprendre</translation>
    </message>
    <message>
        <source>Sync failed — retrying in {wait} s</source>
        <translation>Échec de la synchronisation — nouvel essai dans {wait} s</translation>
    </message>
    <message>
        <source>Retry now</source>
        <translation>Réessayer maintenant</translation>
    </message>
    <message>
        <source>Sync stopped</source>
        <translation>Synchronisation arrêtée</translation>
    </message>
    <message>
        <source>Not synced yet</source>
        <translation>Pas encore synchronisé</translation>
    </message>
    <message>
        <source>Team store: {address}</source>
        <translation>Stockage d&apos;équipe : {address}</translation>
    </message>
    <message>
        <source>Team store</source>
        <translation>Stockage d&apos;équipe</translation>
    </message>
    <message>
        <source>This device: {device}</source>
        <translation>Cet appareil : {device}</translation>
    </message>
    <message>
        <source>Pushed {pushed}, pulled {pulled} events since start</source>
        <translation>{pushed} événements envoyés, {pulled} reçus depuis le démarrage</translation>
    </message>
    <message>
        <source>Last error: {error}</source>
        <translation>Dernière erreur : {error}</translation>
    </message>
    <message>
        <source>{count} conversation quarantined (the team store&apos;s copy did not verify; nothing more of it is accepted): {named}. Why: {reasons}</source>
        <translation>{count} conversation en quarantaine (la copie du stockage d&apos;équipe n&apos;a pas pu être vérifiée ; plus rien d&apos;elle n&apos;est accepté) : {named}. Raison : {reasons}</translation>
    </message>
    <message>
        <source>{count} conversations quarantined (the team store&apos;s copy did not verify; nothing more of it is accepted): {named}. Why: {reasons}</source>
        <translation>{count} conversations en quarantaine (la copie du stockage d&apos;équipe n&apos;a pas pu être vérifiée ; plus rien d&apos;elles n&apos;est accepté) : {named}. Raisons : {reasons}</translation>
    </message>
</context>
<context>
    <name>ThinkingIndicator</name>
    <message>
        <source>Answer status</source>
        <translation>État de la réponse</translation>
    </message>
    <message>
        <source>Thinking…</source>
        <translation>Réflexion…</translation>
    </message>
    <message>
        <source>Waiting for {model}&apos;s first words</source>
        <translation>En attente des premiers mots de {model}</translation>
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
        <translation>Tour commencé</translation>
    </message>
    <message>
        <source>User message</source>
        <translation>Message de l&apos;utilisateur</translation>
    </message>
    <message>
        <source>Attachment</source>
        <translation>Pièce jointe</translation>
    </message>
    <message>
        <source>Reasoning</source>
        <translation>Raisonnement</translation>
    </message>
    <message>
        <source>Answer</source>
        <translation>Réponse</translation>
    </message>
    <message>
        <source>Tool call</source>
        <translation>Appel d&apos;outil</translation>
    </message>
    <message>
        <source>Tool result</source>
        <translation>Résultat d&apos;outil</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>Décision</translation>
    </message>
    <message>
        <source>Permission asked</source>
        <translation>Autorisation demandée</translation>
    </message>
    <message>
        <source>Notice</source>
        <translation>Avis</translation>
    </message>
    <message>
        <source>Fact</source>
        <translation>Fait</translation>
    </message>
    <message>
        <source>Compaction</source>
        <translation>Compactage</translation>
    </message>
    <message>
        <source>Context check</source>
        <translation>Vérification du contexte</translation>
    </message>
    <message>
        <source>Retrieval</source>
        <translation>Récupération</translation>
    </message>
    <message>
        <source>Turn finished</source>
        <translation>Tour terminé</translation>
    </message>
    <message>
        <source>{input} in / {output} out tokens</source>
        <translation>tokens : {input} en entrée / {output} en sortie</translation>
    </message>
    <message>
        <source>(arguments could not be read)</source>
        <translation>(les arguments n&apos;ont pas pu être lus)</translation>
    </message>
    <message>
        <source>default model</source>
        <translation>modèle par défaut</translation>
    </message>
    <message>
        <source>retry of {turn}</source>
        <translation>nouvel essai de {turn}</translation>
    </message>
    <message>
        <source>follows {turn}</source>
        <translation>suit {turn}</translation>
    </message>
    <message>
        <source>agent {role}</source>
        <translation>agent {role}</translation>
    </message>
    <message>
        <source>review note</source>
        <translation>note de relecture</translation>
    </message>
    <message>
        <source>{count} attachment(s)</source>
        <translation>{count} pièce(s) jointe(s)</translation>
    </message>
    <message>
        <source>gate {mode}</source>
        <translation>mode d&apos;autorisation {mode}</translation>
    </message>
    <message>
        <source>(redacted reasoning)</source>
        <translation>(raisonnement masqué)</translation>
    </message>
    <message>
        <source> (partial)</source>
        <translation> (partiel)</translation>
    </message>
    <message>
        <source>assistant</source>
        <translation>assistant</translation>
    </message>
    <message>
        <source> · effect {effect}</source>
        <translation> · effet {effect}</translation>
    </message>
    <message>
        <source>{decision} · {tool}{effect}{confined} · rule {rule} · decided by {source}</source>
        <translation>{decision} · {tool}{effect}{confined} · règle {rule} · décidé par {source}</translation>
    </message>
    <message>
        <source>ok</source>
        <translation>ok</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>échec</translation>
    </message>
    <message>
        <source>{what} · for: {query}</source>
        <translation>{what} · pour : {query}</translation>
    </message>
    <message>
        <source>{seconds:.1f} s</source>
        <translation>{seconds:.1f} s</translation>
    </message>
    <message>
        <source>not sent: {error}</source>
        <translation>non envoyé : {error}</translation>
    </message>
    <message>
        <source>sent as {type} image</source>
        <translation>envoyé comme image {type}</translation>
    </message>
    <message>
        <source>{chars} characters extracted</source>
        <translation>{chars} caractères extraits</translation>
    </message>
    <message>
        <source> by {extractor}</source>
        <translation> par {extractor}</translation>
    </message>
    <message>
        <source> (truncated)</source>
        <translation> (tronqué)</translation>
    </message>
    <message>
        <source>Select a conversation to see its timeline.</source>
        <translation>Sélectionnez une conversation pour voir sa chronologie.</translation>
    </message>
    <message>
        <source>Raw JSON</source>
        <translation>JSON brut</translation>
    </message>
    <message>
        <source>Show the event exactly as the log stores it</source>
        <translation>Afficher l&apos;événement exactement tel que le journal le stocke</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>Événement</translation>
    </message>
    <message>
        <source>Next match</source>
        <translation>Résultat suivant</translation>
    </message>
    <message>
        <source>Go to the next event matching the search (F3)</source>
        <translation>Aller à l&apos;événement suivant qui correspond à la recherche (F3)</translation>
    </message>
    <message>
        <source>Match {number} of {count}: {snippet}</source>
        <translation>Résultat {number} sur {count} : {snippet}</translation>
    </message>
</context>
<context>
    <name>Toast</name>
    <message>
        <source>Notification</source>
        <translation>Notification</translation>
    </message>
    <message>
        <source>Dismiss notification</source>
        <translation>Fermer la notification</translation>
    </message>
    <message>
        <source>Dismiss</source>
        <translation>Fermer</translation>
    </message>
</context>
<context>
    <name>ToolCard</name>
    <message>
        <source>ran</source>
        <translation>exécuté</translation>
    </message>
    <message>
        <source>allowed by you</source>
        <translation>autorisé par vous</translation>
    </message>
    <message>
        <source>waiting for your permission</source>
        <translation>en attente de votre autorisation</translation>
    </message>
    <message>
        <source>refused</source>
        <translation>refusé</translation>
    </message>
    <message>
        <source>rejected: the model was asked to correct it</source>
        <translation>rejeté : le modèle a été invité à le corriger</translation>
    </message>
    <message>
        <source>dropped</source>
        <translation>abandonné</translation>
    </message>
    <message>
        <source>skipped: already done</source>
        <translation>ignoré : déjà fait</translation>
    </message>
    <message>
        <source>checking…</source>
        <translation>vérification…</translation>
    </message>
    <message>
        <source>{label} ✓</source>
        <translation>{label} ✓</translation>
    </message>
    <message>
        <source>{label}, failed ✗</source>
        <translation>{label}, échec ✗</translation>
    </message>
    <message>
        <source>(the call was not recorded)</source>
        <translation>(l&apos;appel n&apos;a pas été enregistré)</translation>
    </message>
    <message>
        <source>(arguments could not be read)</source>
        <translation>(les arguments n&apos;ont pas pu être lus)</translation>
    </message>
    <message>
        <source>arguments:</source>
        <translation>arguments :</translation>
    </message>
    <message>
        <source>result:</source>
        <translation>résultat :</translation>
    </message>
    <message>
        <source>result (failed):</source>
        <translation>résultat (échec) :</translation>
    </message>
    <message>
        <source>verdict: {decision} ({source}) · rule {rule}{effect}</source>
        <translation>décision : {decision} ({source}) · règle {rule}{effect}</translation>
    </message>
    <message>
        <source>Not run: the turn was stopped.</source>
        <translation>Non exécuté : le tour a été arrêté.</translation>
    </message>
    <message>
        <source>Stopped: the user stopped the call to {tool} of MCP server {server} before it finished.</source>
        <translation>Arrêté : l&apos;utilisateur a arrêté l&apos;appel à {tool} du serveur MCP {server} avant sa fin.</translation>
    </message>
    <message>
        <source>Timed out: MCP server {server} did not finish {tool} within {seconds:g} s; the call was abandoned.</source>
        <translation>Délai dépassé : le serveur MCP {server} n&apos;a pas terminé {tool} en {seconds:g} s ; l&apos;appel a été abandonné.</translation>
    </message>
    <message>
        <source>Failed: MCP server {server} could not run {tool}: {error}</source>
        <translation>Échec : le serveur MCP {server} n&apos;a pas pu exécuter {tool} : {error}</translation>
    </message>
    <message>
        <source>Not allowed: {reason}. Tool {tool} of MCP server {server} was not run.</source>
        <translation>Non autorisé : {reason}. L&apos;outil {tool} du serveur MCP {server} n&apos;a pas été exécuté.</translation>
    </message>
    <message>
        <source>The user did not allow this action.</source>
        <translation>L&apos;utilisateur n&apos;a pas autorisé cette action.</translation>
    </message>
</context>
<context>
    <name>ToolsControl</name>
    <message>
        <source>Tools</source>
        <translation>Outils</translation>
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
        <translation>Aucun outil</translation>
    </message>
    <message>
        <source>Read only</source>
        <translation>Lecture seule</translation>
    </message>
    <message>
        <source>All tools</source>
        <translation>Tous les outils</translation>
    </message>
    <message>
        <source>Ask before risky commands</source>
        <translation>Demander avant les commandes risquées</translation>
    </message>
    <message>
        <source>Ask before every command</source>
        <translation>Demander avant chaque commande</translation>
    </message>
    <message>
        <source>Tools for this conversation</source>
        <translation>Outils pour cette conversation</translation>
    </message>
    <message>
        <source>The model can read and work only inside the workspace folder, and asks before anything risky.</source>
        <translation>Le modèle ne peut lire et travailler que dans le dossier de travail, et demande avant toute action risquée.</translation>
    </message>
    <message>
        <source>Choose a folder…</source>
        <translation>Choisir un dossier…</translation>
    </message>
    <message>
        <source>Workspace folder</source>
        <translation>Dossier de travail</translation>
    </message>
    <message>
        <source>The folder the model&apos;s tools may read and work in</source>
        <translation>Le dossier où les outils du modèle peuvent lire et travailler</translation>
    </message>
    <message>
        <source>Clear workspace</source>
        <translation>Retirer le dossier de travail</translation>
    </message>
    <message>
        <source>No workspace: the model uses no tools</source>
        <translation>Pas de dossier de travail : le modèle n&apos;utilise aucun outil</translation>
    </message>
    <message>
        <source>Tools the model may use</source>
        <translation>Outils que le modèle peut utiliser</translation>
    </message>
    <message>
        <source>When to ask before a command runs</source>
        <translation>Quand demander avant l&apos;exécution d&apos;une commande</translation>
    </message>
    <message>
        <source>Sandbox</source>
        <translation>Bac à sable</translation>
    </message>
    <message>
        <source>MCP servers</source>
        <translation>Serveurs MCP</translation>
    </message>
    <message>
        <source>MCP servers for this conversation</source>
        <translation>Serveurs MCP pour cette conversation</translation>
    </message>
    <message>
        <source>None yet: add one in Settings → MCP servers.</source>
        <translation>Aucun pour l&apos;instant : ajoutez-en un dans Paramètres → Serveurs MCP.</translation>
    </message>
    <message>
        <source>Workspace</source>
        <translation>Dossier de travail</translation>
    </message>
    <message>
        <source>Tools</source>
        <translation>Outils</translation>
    </message>
    <message>
        <source>Ask</source>
        <translation>Demander</translation>
    </message>
    <message>
        <source>{folder} — click to choose another</source>
        <translation>{folder} — cliquez pour en choisir un autre</translation>
    </message>
    <message>
        <source>Choose a folder for tools</source>
        <translation>Choisir un dossier pour les outils</translation>
    </message>
    <message>
        <source>MCP server {name}</source>
        <translation>Serveur MCP {name}</translation>
    </message>
    <message>
        <source>Offer the tools of {name} in this conversation</source>
        <translation>Proposer les outils de {name} dans cette conversation</translation>
    </message>
    <message>
        <source>{name} is turned off in Settings → MCP servers</source>
        <translation>{name} est désactivé dans Paramètres → Serveurs MCP</translation>
    </message>
</context>
<context>
    <name>TranscriptView</name>
    <message>
        <source>Conversation</source>
        <translation>Conversation</translation>
    </message>
    <message>
        <source>The messages of the open conversation. Hover a message or press the context-menu key (Shift+F10) for its actions: copy, regenerate, edit. Tab moves between links; Enter or Space opens or closes an answer&apos;s reasoning or a tool&apos;s details.</source>
        <translation>Les messages de la conversation ouverte. Survolez un message ou appuyez sur la touche de menu contextuel (Maj+F10) pour ses actions : copier, régénérer, modifier. Tab passe d&apos;un lien à l&apos;autre ; Entrée ou Espace ouvre ou ferme le raisonnement d&apos;une réponse ou le détail d&apos;un outil.</translation>
    </message>
    <message>
        <source>Start a conversation: type below and press Ctrl+Enter.
Esc stops an answer; the text so far is kept.</source>
        <translation>Commencez une conversation : tapez ci-dessous et appuyez sur Ctrl+Entrée.
Échap arrête une réponse ; le texte déjà reçu est conservé.</translation>
    </message>
    <message>
        <source>↑ Show 1 earlier message</source>
        <translation>↑ Afficher 1 message précédent</translation>
    </message>
    <message>
        <source>↑ Show {count:,} earlier messages</source>
        <translation>↑ Afficher {count:,} messages précédents</translation>
    </message>
</context>
<context>
    <name>TrayMenu</name>
    <message>
        <source>Show Parley</source>
        <translation>Afficher Parley</translation>
    </message>
    <message>
        <source>New chat</source>
        <translation>Nouvelle discussion</translation>
    </message>
    <message>
        <source>Quick ask…</source>
        <translation>Question rapide…</translation>
    </message>
    <message>
        <source>Recent conversations</source>
        <translation>Conversations récentes</translation>
    </message>
    <message>
        <source>Pause schedules</source>
        <translation>Suspendre les planifications</translation>
    </message>
    <message>
        <source>Quit Parley</source>
        <translation>Quitter Parley</translation>
    </message>
    <message>
        <source>Untitled</source>
        <translation>Sans titre</translation>
    </message>
    <message>
        <source>No conversations yet</source>
        <translation>Pas encore de conversations</translation>
    </message>
</context>
<context>
    <name>TurnOutcome</name>
    <message>
        <source>(stopped)</source>
        <translation>(arrêté)</translation>
    </message>
    <message>
        <source>(stopped — partial answer kept)</source>
        <translation>(arrêté — réponse partielle conservée)</translation>
    </message>
    <message>
        <source>(interrupted — Parley closed while this answer was streaming)</source>
        <translation>(interrompu — Parley s&apos;est fermé pendant la réception de cette réponse)</translation>
    </message>
    <message>
        <source>Timed out.</source>
        <translation>Délai dépassé.</translation>
    </message>
    <message>
        <source>Timed out: {error}</source>
        <translation>Délai dépassé : {error}</translation>
    </message>
    <message>
        <source>Failed.</source>
        <translation>Échec.</translation>
    </message>
    <message>
        <source>Failed: {error}</source>
        <translation>Échec : {error}</translation>
    </message>
    <message>
        <source>The model chosen to summarise earlier messages is not available ({exc}); {model} writes the summary instead.</source>
        <translation>Le modèle choisi pour résumer les messages précédents n&apos;est pas disponible ({exc}) ; {model} rédige le résumé à sa place.</translation>
    </message>
    <message>
        <source>Earlier messages could not be summarised: {reason}. The conversation is unchanged.</source>
        <translation>Les messages précédents n&apos;ont pas pu être résumés : {reason}. La conversation n&apos;a pas changé.</translation>
    </message>
    <message>
        <source>The documents could not be searched ({exc}); the model answers without excerpts.</source>
        <translation>La recherche dans les documents a échoué ({exc}) ; le modèle répond sans extraits.</translation>
    </message>
    <message>
        <source>This message does not fit {model}&apos;s context window: the request needs about {needed:,} tokens, and {available:,} are available ({window:,} in the window, {reserved:,} kept for the answer), even after summarising the earlier conversation. Nothing was sent. Shorten the message, remove an attachment or have it searched instead of sent whole (its menu), or choose a model with a larger window.</source>
        <translation>Ce message ne tient pas dans la fenêtre de contexte de {model} : la requête nécessite environ {needed:,} tokens, et {available:,} sont disponibles ({window:,} dans la fenêtre, {reserved:,} réservés à la réponse), même après avoir résumé la conversation précédente. Rien n&apos;a été envoyé. Raccourcissez le message, retirez une pièce jointe ou faites-la consulter par recherche au lieu de l&apos;envoyer en entier (son menu), ou choisissez un modèle avec une fenêtre plus grande.</translation>
    </message>
    <message>
        <source>The answer was cut off: the model reached its output token limit.</source>
        <translation>La réponse a été coupée : le modèle a atteint sa limite de tokens en sortie.</translation>
    </message>
    <message>
        <source>The provider&apos;s content filter stopped this answer.</source>
        <translation>Le filtre de contenu du fournisseur a arrêté cette réponse.</translation>
    </message>
    <message>
        <source>internal error: {kind}: {exc}</source>
        <translation>erreur interne : {kind} : {exc}</translation>
    </message>
    <message>
        <source>the turn was interrupted before it finished</source>
        <translation>le tour a été interrompu avant de se terminer</translation>
    </message>
    <message>
        <source>no model chosen for provider {provider!r}: pick one in the model picker, pass --model, or set the provider&apos;s default model</source>
        <translation>aucun modèle choisi pour le fournisseur {provider!r} : choisissez-en un dans le sélecteur de modèle, passez --model ou définissez le modèle par défaut du fournisseur</translation>
    </message>
    <message>
        <source>the turn ran longer than its limit of {limit} s</source>
        <translation>le tour a dépassé sa limite de {limit} s</translation>
    </message>
    <message>
        <source>Retrying in {wait} s (attempt {attempt} of {attempts}): {reason}</source>
        <translation>Nouvel essai dans {wait} s (tentative {attempt} sur {attempts}) : {reason}</translation>
    </message>
    <message>
        <source>The model asked to use a tool, but no tools are enabled for this turn.</source>
        <translation>Le modèle a demandé à utiliser un outil, mais aucun outil n&apos;est activé pour ce tour.</translation>
    </message>
    <message>
        <source>the task did not finish: the model asked to use a tool, but this task offers none (give it a workspace and tools, or an MCP server)</source>
        <translation>la tâche n&apos;a pas abouti : le modèle a demandé à utiliser un outil, mais cette tâche n&apos;en propose aucun (donnez-lui un dossier de travail et des outils, ou un serveur MCP)</translation>
    </message>
    <message>
        <source>Stopped after {steps} steps (the step limit).</source>
        <translation>Arrêté après {steps} étapes (la limite d&apos;étapes).</translation>
    </message>
    <message>
        <source>the task did not finish within its {steps} steps (completion_max_steps): the model was still calling tools; what it did so far is recorded</source>
        <translation>la tâche n&apos;a pas abouti en {steps} étapes (completion_max_steps) : le modèle appelait encore des outils ; ce qu&apos;il a fait jusqu&apos;ici est enregistré</translation>
    </message>
    <message>
        <source>this installation of Parley cannot read attachments</source>
        <translation>cette installation de Parley ne peut pas lire les pièces jointes</translation>
    </message>
    <message>
        <source>the files of one message may add up to {megabytes} MB at most</source>
        <translation>les fichiers d&apos;un message peuvent totaliser {megabytes} Mo au plus</translation>
    </message>
    <message>
        <source>could not use the attachment — {problems}. Nothing was sent to the model; remove or replace the file and send again.</source>
        <translation>impossible d&apos;utiliser la pièce jointe — {problems}. Rien n&apos;a été envoyé au modèle ; retirez ou remplacez le fichier et renvoyez.</translation>
    </message>
    <message>
        <source>could not use these attachments — {problems}. Nothing was sent to the model; remove or replace the file and send again.</source>
        <translation>impossible d&apos;utiliser ces pièces jointes — {problems}. Rien n&apos;a été envoyé au modèle ; retirez ou remplacez le fichier et renvoyez.</translation>
    </message>
    <message>
        <source>could not use the attachment — {problems}. Nothing was sent to the model; remove or replace the attachment and send again.</source>
        <translation>impossible d&apos;utiliser la pièce jointe — {problems}. Rien n&apos;a été envoyé au modèle ; retirez ou remplacez la pièce jointe et renvoyez.</translation>
    </message>
    <message>
        <source>could not use these attachments — {problems}. Nothing was sent to the model; remove or replace the attachment and send again.</source>
        <translation>impossible d&apos;utiliser ces pièces jointes — {problems}. Rien n&apos;a été envoyé au modèle ; retirez ou remplacez la pièce jointe et renvoyez.</translation>
    </message>
    <message>
        <source>{name} is searched by keywords only: the embedding model failed ({exc}).</source>
        <translation>{name} n&apos;est consulté que par mots-clés : le modèle d&apos;embeddings a échoué ({exc}).</translation>
    </message>
    <message>
        <source>{name} could not be indexed for searching ({exc}); its first {chars:,} characters are sent instead.</source>
        <translation>{name} n&apos;a pas pu être indexé pour la recherche ({exc}) ; ses {chars:,} premiers caractères sont envoyés à la place.</translation>
    </message>
    <message>
        <source>{name} could not be indexed for searching ({exc}); it is sent whole instead.</source>
        <translation>{name} n&apos;a pas pu être indexé pour la recherche ({exc}) ; il est envoyé en entier à la place.</translation>
    </message>
    <message>
        <source>{name} ({uri}): this installation of Parley has no MCP client</source>
        <translation>{name} ({uri}) : cette installation de Parley n&apos;a pas de client MCP</translation>
    </message>
    <message>
        <source>Saved {count} file(s) to {destination}: {names}.</source>
        <translation>{count} fichier(s) enregistré(s) dans {destination} : {names}.</translation>
    </message>
    <message>
        <source>Saved {count} file(s) to {destination}: {names} and {more} more.</source>
        <translation>{count} fichier(s) enregistré(s) dans {destination} : {names} et {more} autre(s).</translation>
    </message>
    <message>
        <source>The turn did not complete; the files it wrote are kept for inspection in {sandbox}.</source>
        <translation>Le tour ne s&apos;est pas terminé ; les fichiers qu&apos;il a écrits sont conservés pour examen dans {sandbox}.</translation>
    </message>
    <message>
        <source>Could not copy the turn&apos;s files ({exc}); they are in {sandbox}.</source>
        <translation>Impossible de copier les fichiers du tour ({exc}) ; ils se trouvent dans {sandbox}.</translation>
    </message>
    <message>
        <source>the answer passed Parley&apos;s limit of {limit:,} characters (text, reasoning and tool-call arguments together), so Parley stopped reading it; what came before the limit is kept. If answers this long are expected, raise &quot;max_answer_chars&quot; in the &quot;network&quot; section of settings.json</source>
        <translation>la réponse a dépassé la limite de Parley de {limit:,} caractères (texte, raisonnement et arguments des appels d&apos;outils réunis) ; Parley a donc cessé de la lire, et ce qui précède la limite est conservé. Si des réponses aussi longues sont attendues, augmentez &quot;max_answer_chars&quot; dans la section &quot;network&quot; de settings.json</translation>
    </message>
    <message>
        <source>the answer is shown but not yet saved (the history refused it: {refused}); it is kept in {path}, and Parley adds it to this conversation when it next starts</source>
        <translation>la réponse est affichée mais pas encore enregistrée (l&apos;historique l&apos;a refusée : {refused}) ; elle est conservée dans {path}, et Parley l&apos;ajoutera à cette conversation à son prochain démarrage</translation>
    </message>
    <message>
        <source>the answer is shown but not yet saved (the history refused it: {refused}); it is kept in the history database as checkpoints, and Parley adds it to this conversation when it next starts</source>
        <translation>la réponse est affichée mais pas encore enregistrée (l&apos;historique l&apos;a refusée : {refused}) ; elle est conservée dans la base de l&apos;historique sous forme de points de reprise, et Parley l&apos;ajoutera à cette conversation à son prochain démarrage</translation>
    </message>
    <message>
        <source>{message}; its last {chars} characters could not be kept anywhere: copy them from the screen</source>
        <translation>{message} ; ses {chars} derniers caractères n&apos;ont pu être conservés nulle part : copiez-les depuis l&apos;écran</translation>
    </message>
    <message>
        <source>{error} (gave up after {attempts} attempts)</source>
        <translation>{error} (abandon après {attempts} tentatives)</translation>
    </message>
    <message>
        <source>{error} (the provider asked to wait {seconds} s)</source>
        <translation>{error} (le fournisseur a demandé d&apos;attendre {seconds} s)</translation>
    </message>
</context>
<context>
    <name>UndoBar</name>
    <message>
        <source>Undo</source>
        <translation>Annuler</translation>
    </message>
    <message>
        <source>Undo (Ctrl+Z)</source>
        <translation>Annuler (Ctrl+Z)</translation>
    </message>
    <message>
        <source>Dismiss</source>
        <translation>Fermer</translation>
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
        <translation>Bienvenue</translation>
    </message>
    <message>
        <source>Welcome to Parley</source>
        <translation>Bienvenue dans Parley</translation>
    </message>
    <message>
        <source>Chat with any model, in the cloud or on this computer. Connect one to begin — it takes under a minute.</source>
        <translation>Discutez avec n&apos;importe quel modèle, dans le cloud ou sur cet ordinateur. Connectez-en un pour commencer — cela prend moins d&apos;une minute.</translation>
    </message>
    <message>
        <source>Keyring unavailable</source>
        <translation>Trousseau indisponible</translation>
    </message>
    <message>
        <source>Connect a provider</source>
        <translation>Connecter un fournisseur</translation>
    </message>
    <message>
        <source>OpenAI, Anthropic, Gemini, OpenRouter, Groq… Pick a preset, paste its API key — kept in your system keyring, never in a file — and press Start chatting.</source>
        <translation>OpenAI, Anthropic, Gemini, OpenRouter, Groq… Choisissez un préréglage, collez sa clé d&apos;API — conservée dans le trousseau de votre système, jamais dans un fichier — et appuyez sur Commencer à discuter.</translation>
    </message>
    <message>
        <source>Start chatting</source>
        <translation>Commencer à discuter</translation>
    </message>
    <message>
        <source>Or run models on this computer</source>
        <translation>Ou faire tourner des modèles sur cet ordinateur</translation>
    </message>
    <message>
        <source>Ollama and LM Studio serve models locally: no key, and nothing leaves your machine.</source>
        <translation>Ollama et LM Studio servent les modèles en local : pas de clé, et rien ne quitte votre machine.</translation>
    </message>
    <message>
        <source>Look for Ollama and LM Studio</source>
        <translation>Rechercher Ollama et LM Studio</translation>
    </message>
    <message>
        <source>Local servers found</source>
        <translation>Serveurs locaux trouvés</translation>
    </message>
    <message>
        <source>Use selected</source>
        <translation>Utiliser la sélection</translation>
    </message>
    <message>
        <source>Your conversations are kept on this computer. Press {settings_keys} later to add more providers.</source>
        <translation>Vos conversations sont conservées sur cet ordinateur. Appuyez plus tard sur {settings_keys} pour ajouter d&apos;autres fournisseurs.</translation>
    </message>
    <message>
        <source>API keys cannot be saved on this computer: {reason}, and name it under Key variable. A local server (below) needs no key.</source>
        <translation>Les clés d&apos;API ne peuvent pas être enregistrées sur cet ordinateur : {reason}, et indiquez-la dans Variable de clé. Un serveur local (ci-dessous) n&apos;a pas besoin de clé.</translation>
    </message>
    <message>
        <source>OpenAI, Anthropic, Gemini, OpenRouter, Groq… Pick a preset, check the Key variable that holds its API key, and press Start chatting.</source>
        <translation>OpenAI, Anthropic, Gemini, OpenRouter, Groq… Choisissez un préréglage, vérifiez la Variable de clé qui contient sa clé d&apos;API, puis appuyez sur Commencer à discuter.</translation>
    </message>
    <message>
        <source>Found {n_servers} local server(s).</source>
        <translation>{n_servers} serveur(s) local(aux) trouvé(s).</translation>
    </message>
    <message>
        <source>No local server answered on localhost:11434 (Ollama) or localhost:1234 (LM Studio). Start one, or add a provider above.</source>
        <translation>Aucun serveur local n&apos;a répondu sur localhost:11434 (Ollama) ou localhost:1234 (LM Studio). Démarrez-en un, ou ajoutez un fournisseur ci-dessus.</translation>
    </message>
    <message>
        <source>Looking for local servers…</source>
        <translation>Recherche de serveurs locaux…</translation>
    </message>
</context>
<context>
    <name>_RenameDelegate</name>
    <message>
        <source>New title</source>
        <translation>Nouveau titre</translation>
    </message>
</context>
<context>
    <name>app</name>
    <message>
        <source>Parley cannot start</source>
        <translation>Parley ne peut pas démarrer</translation>
    </message>
    <message>
        <source>Cannot open your profile:

{exc}</source>
        <translation>Impossible d&apos;ouvrir votre profil :

{exc}</translation>
    </message>
</context>
<context>
    <name>costs_view</name>
    <message>
        <source>Costs per {lower}</source>
        <translation>Coûts par {lower}</translation>
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
        <translation>Exporter</translation>
    </message>
</context>
<context>
    <name>fixes</name>
    <message>
        <source>Open Settings → Providers</source>
        <translation>Ouvrir Paramètres → Fournisseurs</translation>
    </message>
    <message>
        <source>Choose a vision model</source>
        <translation>Choisir un modèle de vision</translation>
    </message>
</context>
<context>
    <name>permission</name>
    <message>
        <source>The model wants to use {mcp_tool} from the MCP server {mcp_server}</source>
        <translation>Le modèle veut utiliser {mcp_tool} du serveur MCP {mcp_server}</translation>
    </message>
    <message>
        <source>The model wants to run a command</source>
        <translation>Le modèle veut exécuter une commande</translation>
    </message>
    <message>
        <source>The model wants to install a Python package</source>
        <translation>Le modèle veut installer un paquet Python</translation>
    </message>
    <message>
        <source>The model wants to use {tool}</source>
        <translation>Le modèle veut utiliser {tool}</translation>
    </message>
    <message>
        <source>The model wants to use {value}</source>
        <translation>Le modèle veut utiliser {value}</translation>
    </message>
</context>
<context>
    <name>prices_page</name>
    <message>
        <source>Add row</source>
        <translation>Ajouter une ligne</translation>
    </message>
    <message>
        <source>Add {row}</source>
        <translation>Ajouter : {row}</translation>
    </message>
    <message>
        <source>Remove row</source>
        <translation>Retirer la ligne</translation>
    </message>
    <message>
        <source>Remove {selected}</source>
        <translation>Retirer : {selected}</translation>
    </message>
    <message>
        <source>Reset to defaults</source>
        <translation>Rétablir les valeurs par défaut</translation>
    </message>
    <message>
        <source>Reset {table} to the built-in table</source>
        <translation>Rétablir {table} à partir de la table intégrée</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>Enregistrer</translation>
    </message>
    <message>
        <source>Save {saved}</source>
        <translation>Enregistrer : {saved}</translation>
    </message>
</context>
<context>
    <name>window_layout</name>
    <message>
        <source>New chat</source>
        <translation>Nouvelle discussion</translation>
    </message>
    <message>
        <source>Start a new conversation (Ctrl+N)</source>
        <translation>Commencer une nouvelle conversation (Ctrl+N)</translation>
    </message>
    <message>
        <source>Search conversations</source>
        <translation>Rechercher dans les conversations</translation>
    </message>
    <message>
        <source>Conversations</source>
        <translation>Conversations</translation>
    </message>
    <message>
        <source>New conversation</source>
        <translation>Nouvelle conversation</translation>
    </message>
    <message>
        <source>Conversation title</source>
        <translation>Titre de la conversation</translation>
    </message>
    <message>
        <source>Tokens and estimated cost of this conversation</source>
        <translation>Tokens et coût estimé de cette conversation</translation>
    </message>
    <message>
        <source>Project</source>
        <translation>Projet</translation>
    </message>
    <message>
        <source>The project this conversation belongs to</source>
        <translation>Le projet auquel appartient cette conversation</translation>
    </message>
    <message>
        <source>No project</source>
        <translation>Aucun projet</translation>
    </message>
    <message>
        <source>Model for the next message</source>
        <translation>Modèle du prochain message</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>État</translation>
    </message>
</context>
</TS>
