/** French, the default. Placeholders in braces are filled by `translate`. */
export const fr = {
  'app.title': 'Depot',
  'app.connecting': 'Connexion au moteur de dépôt…',
  'app.connectionLost': 'Connexion au moteur perdue : nouvel essai automatique.',
  'app.noToken':
    "Ouvrez Depot avec l'adresse complète affichée au lancement (elle contient la clé de session).",
  'nav.nights': 'Nuits',
  'nav.new': 'Nouveau dépôt',
  'nav.current': 'Nuit ouverte',
  'nav.failures': 'Échecs',
  'nav.settings': 'Réglages',
  'nav.diagnostics': 'Diagnostic',
  'nav.language': 'Langue',

  'state.planned': 'Prévu',
  'state.running': 'En cours',
  'state.paused': 'En pause',
  'state.waiting-network': 'En attente du réseau',
  'state.waiting-card': 'Carte retirée',
  'state.deferred': 'Reporté',
  'state.done': 'Déposé',
  'state.needs-attention': 'À vérifier',
  'state.stopped': 'Arrêté',

  'unit.pending': 'En attente',
  'unit.in-progress': 'Envoi',
  'unit.deferred': 'Reporté par le serveur jusqu’à {time}',
  'unit.done': 'Déposé',
  'unit.alreadyPresent': 'Déjà présent',
  'unit.unverifiable': 'Déposé, non vérifiable avec cette clé',
  'unit.failed': 'Échec',
  'unit.retryIn': 'nouvelle tentative dans {seconds} s',
  'unit.waitingNetwork': 'en attente du réseau',
  'unit.waitingCard': 'carte retirée',

  'nights.title': 'Nuits',
  'nights.empty': 'Aucune nuit déposée pour l’instant.',
  'nights.startFirst': 'Commencer un dépôt',
  'nights.col.night': 'Nuit',
  'nights.col.state': 'État',
  'nights.col.progress': 'Progression',
  'nights.col.size': 'Taille',
  'nights.col.lastActivity': 'Dernière activité',
  'nights.col.actions': 'Actions',
  'nights.pause': 'Pause',
  'nights.resume': 'Reprendre',
  'nights.retryNow': 'Retenter maintenant',
  'nights.open': 'Voir',
  'nights.label': '{site} · {point} · {night}',
  'nights.never': '—',

  'new.title': 'Nouveau dépôt',
  'new.folder': 'Dossier de la nuit',
  'new.choose': 'Choisir le dossier…',
  'new.folderHint': 'Chemin complet du dossier (carte SD ou copie).',
  'new.dropHint': 'Vous pouvez aussi déposer le dossier sur cette fenêtre.',
  'new.check': 'Analyser le dossier',
  'new.checking': 'Analyse en cours…',
  'new.summary': 'Résumé avant dépôt',
  'new.files': 'Fichiers',
  'new.totalSize': 'Taille totale',
  'new.skippedJunk': 'Fichiers système ignorés',
  'new.nights': 'Nuits trouvées',
  'new.timeZone': 'Fuseau horaire',
  'new.span': 'Enregistrements (du premier au dernier)',
  'new.recorder': 'Enregistreur',
  'new.recorders': 'Enregistreurs',
  'new.warnings': 'Avertissements',
  'new.noWarnings': 'Aucun problème détecté.',
  'new.blocking': '{count} problème(s) bloquent le dépôt.',
  'new.skipInvalid': 'Déposer quand même sans les fichiers bloquants',
  'new.decision.deposit-anyway': 'sera déposé',
  'new.decision.skip': 'ignoré',
  'new.decision.block': 'bloquant',
  'new.site': 'Site',
  'new.point': 'Point',
  'new.night': 'Date de la nuit',
  'new.nightPlaceholder': 'jj/mm/aaaa',
  'new.nightInvalid': 'Date non reconnue : tapez-la sous la forme jj/mm/aaaa.',
  'new.start': 'Déposer',
  'new.starting': 'Démarrage…',
  'new.notConfigured': 'Renseignez d’abord le stockage dans les Réglages.',
  'new.severalNights': 'Ce dossier contient {count} nuits.',
  'new.eachNight': 'Déposer chaque nuit sous sa propre date ({count} dépôts)',
  'new.oneNight': 'Déposer une seule nuit',
  'new.nightOption': '{night} ({files} fichiers)',
  'new.startEach': 'Déposer les {count} nuits',
  'new.destination': 'Destination',
  'new.destinationNight': 'Nuit du {night} :',
  'new.destinationIncomplete': '(à compléter : site, point ou date manquant)',
  'new.nightsSharePrefix':
    'Le modèle de préfixe « {template} » placerait plusieurs nuits sous le même préfixe : ajoutez {placeholder} au modèle dans les Réglages, ou déposez une seule nuit.',
  'new.changed': 'Le dossier a changé depuis la préparation du dépôt ({count} fichier(s)) :',
  'new.changedMore': '… et {count} autre(s).',
  'new.change.size': 'modifié',
  'new.change.mtime': 'modifié',
  'new.change.removed': 'supprimé',
  'new.change.added': 'nouveau',
  'new.changedExplain':
    'Les fichiers déjà vérifiés sur le serveur ne seront pas renvoyés ; les fichiers modifiés seront renvoyés, sauf ceux déjà déposés : leur version du serveur n’y est jamais remplacée, vous choisirez dans Échecs laquelle garder ; les fichiers supprimés sortent du dépôt.',
  'new.depositChanges': 'Déposer les changements',

  'current.title': 'Dépôt en cours',
  'current.none': 'Aucun dépôt sélectionné. Choisissez une nuit dans « Nuits ».',
  'current.acked': '{acked} sur {total} confirmés par le serveur',
  'current.files': '{done} / {total} fichiers',
  'current.throughput': 'Débit',
  'current.eta': 'Temps restant',
  'current.etaUnknown': 'inconnu',
  'current.filter': 'Afficher',
  'current.filter.all': 'Tous',
  'current.filter.active': 'En cours',
  'current.filter.pending': 'En attente',
  'current.filter.done': 'Déposés',
  'current.filter.failed': 'Échecs',
  'current.col.file': 'Fichier',
  'current.col.state': 'État',
  'current.col.size': 'Taille',
  'current.col.progress': 'Progression',
  'current.seeFailures': 'Voir les échecs ({count})',

  'status.idle': 'Prêt',
  'status.retryIn': 'Nouvelle tentative dans {seconds} s',
  'status.waitingNetwork': 'En attente du réseau',
  'status.waitingCard': 'Carte retirée : remettez-la pour continuer',
  'status.deferredUntil':
    'Reporté par le serveur jusqu’à {time} (dans {left}) : nouvelle tentative automatique',
  'status.running': 'Dépôt en cours : {percent}',
  'status.done': 'Nuit déposée et vérifiée',

  'failures.title': 'Échecs',
  'failures.none': 'Aucun échec pour cette nuit.',
  'failures.retry': 'Retenter les échecs',
  'failures.retryHint':
    'Remet en file les fichiers pour lesquels une nouvelle tentative peut aider.',
  'failures.requeued':
    '{requeued} fichier(s) remis en file. {definitive} échec(s) définitif(s) restent à traiter.',
  'failures.retryable': 'Une nouvelle tentative peut aider',
  'failures.needsCredentials': 'Nouveaux identifiants nécessaires',
  'failures.definitive': 'Échecs définitifs (une nouvelle tentative ne changera rien)',
  'failures.count': '{count} fichier(s)',
  'failures.whatToDo': 'Que faire :',
  'failures.conflictSizes': 'ici {local}, sur le serveur {remote}',

  'cause.auth.title': 'Le serveur ne reconnaît pas cette clé d’accès ou ce secret',
  'cause.auth.todo':
    'Retapez la clé d’accès et le secret dans les Réglages ; les fichiers repartiront ensuite.',
  'cause.denied.list.title': 'Cette clé ne peut pas lister {folder}',
  'cause.denied.write.title': 'Cette clé ne peut pas écrire dans {folder}',
  'cause.denied.read.title':
    'Un objet porte déjà ce nom dans {folder}, et cette clé ne peut pas le lire pour le comparer',
  'cause.denied.abort.title': 'Cette clé ne peut pas annuler un envoi dans {folder}',
  'cause.denied.todo':
    'La clé et le secret sont bons : c’est la règle du compartiment qui ne le permet pas. Demandez au coordinateur du programme une clé qui a ce droit sur {folder}, puis entrez-la dans les Réglages.',
  'cause.refused.title': 'Le serveur refuse ce fichier',
  'cause.refused.todo':
    'Contactez le responsable du stockage : ce refus ne disparaîtra pas en réessayant.',
  'cause.bucket-missing.title': 'Le compartiment n’existe pas',
  'cause.bucket-missing.todo': 'Vérifiez le nom du compartiment dans les Réglages, puis retentez.',
  'cause.certificate.untrusted.title':
    'Le certificat du serveur n’est pas reconnu par cet ordinateur',
  'cause.certificate.untrusted.todo':
    'Vérifiez l’adresse du stockage dans les Réglages. Si elle est juste, le serveur présente un certificat que cet ordinateur ne connaît pas (auto-signé, ou d’une autorité privée) : prévenez le responsable du stockage. Sur un Wi-Fi public, ouvrez d’abord une page web au cas où il demande de vous connecter.',
  'cause.certificate.expired.title':
    'Le certificat du serveur a expiré, ou l’horloge de cet ordinateur est fausse',
  'cause.certificate.expired.todo':
    'Vérifiez d’abord la date et l’heure de cet ordinateur (elles peuvent dériver après une nuit loin du réseau). Si elles sont justes, le certificat du serveur doit être renouvelé : prévenez le responsable du stockage.',
  'cause.certificate.not-yet-valid.title':
    'Le certificat du serveur n’est pas encore valable, ou l’horloge de cet ordinateur retarde',
  'cause.certificate.not-yet-valid.todo':
    'La date et l’heure de cet ordinateur sont sans doute en retard : corrigez-les (réglage automatique de l’heure). Si elles sont justes, prévenez le responsable du stockage.',
  'cause.certificate.name-mismatch.title':
    'Le certificat du serveur est établi pour une autre adresse',
  'cause.certificate.name-mismatch.todo':
    'Vérifiez l’adresse du stockage dans les Réglages (nom du serveur, faute de frappe). Sur un Wi-Fi public, ouvrez d’abord une page web au cas où il demande de vous connecter.',
  'cause.clock.title': 'L’horloge de cet ordinateur n’est pas à l’heure du serveur',
  'cause.clock.todo':
    'Réglez la date et l’heure de cet ordinateur (réglage automatique de l’heure), puis « Reprendre » : le dépôt repart là où il en était.',
  'cause.clock.behind': 'Elle a {amount} {unit} de retard sur le serveur.',
  'cause.clock.ahead': 'Elle a {amount} {unit} d’avance sur le serveur.',
  'cause.conflict.title':
    'Le serveur a déjà un fichier à ce nom, d’un autre contenu (un autre fichier, ou une version antérieure de celui-ci)',
  'cause.conflict.todo':
    'Rien n’a été écrasé. « Comparer et choisir » montre les deux fichiers : gardez celui du serveur, ou déposez celui de la carte sous un nom libre.',
  'cause.source-changed.title': 'Le fichier a changé pendant le dépôt',
  'cause.source-changed.todo':
    'Attendez que le fichier ne change plus, puis « Retenter les échecs » : il sera renvoyé tel qu’il est maintenant.',
  'cause.source-missing.title': 'Le fichier a disparu du dossier',
  'cause.source-missing.todo':
    'Remettez la carte SD ou le dossier en place, puis « Retenter les échecs » (ou « Reprendre ») : le fichier repart là où il en était.',
  'cause.source-unreadable.title': 'Le fichier ne peut pas être lu',
  'cause.source-unreadable.todo': 'Vérifiez la carte SD ; une nouvelle tentative peut suffire.',
  'cause.verification-failed.title': 'Le serveur n’a pas confirmé le contenu',
  'cause.verification-failed.todo': 'Retentez : le fichier sera renvoyé et vérifié à nouveau.',
  'cause.status': 'réponse {status} {code}',
  'cause.endless-listing.title': 'La liste du serveur tourne en rond',
  'cause.endless-listing.todo':
    'Le serveur (ou un proxy entre les deux) renvoie sans fin les mêmes pages de sa liste : Depot a cessé de la demander. Rien n’est perdu. Prévenez le responsable du stockage, puis reprenez.',
  'cause.unproven.title': 'Un fichier de même taille est déjà sur le serveur, contenu non prouvé',
  'cause.unproven.todo':
    'Rien n’a été écrasé. Il a été déposé par un autre outil : faites-le relire (depot verify --read-back) pour le comparer.',
  'cause.upload-vanished.title': 'Le serveur a supprimé l’envoi en cours de ce fichier',
  'cause.upload-vanished.todo':
    'Une règle du stockage efface les envois inachevés : prévenez le responsable du stockage, puis retentez.',
  'cause.target-unavailable.title': 'Les identifiants de cette nuit ne sont plus enregistrés',
  'cause.target-unavailable.todo':
    'Cette nuit va toujours vers sa propre destination : saisissez à nouveau ses identifiants dans les Réglages.',
  'cause.target-unavailable.detail': 'compartiment {bucket}, clé {key}',

  'settings.title': 'Réglages',
  'settings.endpoint': 'Adresse du stockage (endpoint)',
  'settings.region': 'Région',
  'settings.bucket': 'Compartiment (bucket)',
  'settings.prefixTemplate': 'Modèle de préfixe',
  'settings.prefixHint': 'Par exemple {site}/{point}/{night}',
  'settings.prefixProblem.leading-slash':
    'Le préfixe ne doit pas commencer par « / » : écrivez par exemple {example}.',
  'settings.prefixProblem.dot-segment':
    'Le préfixe ne doit pas contenir de segment « . » ou « .. » : les fichiers doivent rester sous le préfixe.',
  'settings.prefixProblem.empty-segment':
    'Le préfixe contient « // » : mettez un seul « / » entre deux segments.',
  'settings.prefixProblem.backslash': 'Séparez les segments du préfixe par « / », pas par « \\ ».',
  'settings.prefixProblem.control-character':
    'Le préfixe contient un caractère invisible (caractère de contrôle) : retapez-le.',
  'settings.prefixProblem.unbalanced-brace':
    'Accolade « { » ou « } » non refermée dans le préfixe (position {at}).',
  'settings.prefixProblem.unknown-placeholder':
    'Le préfixe utilise un champ inconnu « {name} » ; champs possibles : {known}.',
  'settings.prefixProblem.too-long': 'Le préfixe dépasse {max} caractères.',
  'settings.pathStyle': 'Adressage par chemin (path-style)',
  'settings.accessKeyId': 'Clé d’accès',
  'settings.secretAccessKey': 'Secret',
  'settings.credentialsSet':
    'Identifiants enregistrés (non affichés). Saisissez-en de nouveaux pour les remplacer.',
  'settings.credentialsNotSet': 'Aucun identifiant enregistré.',
  'settings.concurrency': 'Transferts simultanés',
  'settings.bwlimit': 'Débit maximal (Mo/s, vide = sans limite)',
  'settings.bwlimitTooLow':
    'Débit maximal trop bas : au moins {min} Mo/s (en dessous, une carte de 30 Go prendrait plus de 34 heures), ou vide pour ne pas limiter.',
  'settings.background': 'Continuer le dépôt quand la fenêtre est fermée',
  'settings.language': 'Langue de l’interface',
  'settings.save': 'Enregistrer',
  'settings.saved': 'Réglages enregistrés.',
  'settings.test': 'Tester la connexion',
  'settings.testing': 'Test en cours…',
  'settings.verdict.reachable': 'Serveur joignable',
  'settings.verdict.credentials': 'Identifiants acceptés',
  'settings.verdict.bucket': 'Compartiment trouvé',
  'settings.verdict.writable': 'Écrire dans {folder}',
  'settings.verdict.list': 'Lister {folder}',
  'settings.verdict.wrongSecret':
    'Le serveur ne reconnaît pas cette clé d’accès ou ce secret : retapez-les.',
  'settings.verdict.cannotWrite':
    'Cette clé ne peut pas écrire dans {folder} : rien ne peut être déposé avec elle. Demandez au coordinateur du programme une clé qui le peut.',
  'settings.verdict.cannotList':
    'Cette clé ne peut pas lister {folder} : les fichiers seront déposés, mais non vérifiables avec cette clé.',
  'settings.verdict.line': '{label} : {value}',
  'settings.verdict.yes': 'oui',
  'settings.verdict.no': 'non',
  'settings.verdict.unknown': 'non vérifié',
  'settings.verdict.putIfNoneMatch': 'Refus d’écrire sur un fichier déjà là (If-None-Match)',
  'settings.verdict.completeIfMatch':
    'La même garde à la fin d’un envoi en plusieurs parties (If-Match)',
  'settings.verdict.noConditional':
    'Ce serveur écrit même sur un fichier déjà là : Depot regarde avant chaque envoi, mais ne peut pas empêcher un autre outil d’écrire au même nom au même moment.',
  'settings.verdict.completeUnguarded':
    'Ce serveur ignore la garde à la fin des envois en plusieurs parties : Depot réserve le nom avant d’envoyer ; seul un outil qui écrit sans garde au même nom pendant la fin d’un gros fichier (environ 0,2 s) pourrait être remplacé.',
  'settings.verdict.marker': 'Pour le savoir, le test laisse un fichier vide : {key}.',
  'settings.verdict.ok': 'Tout est prêt pour déposer.',
  'settings.verdict.ko': 'Le dépôt ne peut pas fonctionner avec ces réglages.',

  'settings.verdict.problem.nothing-listens':
    'Rien n’écoute à l’adresse {endpoint} (connexion refusée) : vérifiez l’adresse du stockage, en particulier le port.',
  'settings.verdict.problem.not-s3':
    'L’adresse {endpoint} ne répond pas comme un serveur de stockage S3 (page web, proxy ?) : vérifiez l’adresse du stockage.',
  'settings.verdict.problem.certificate-untrusted':
    'L’adresse {endpoint} présente un certificat que cet ordinateur ne reconnaît pas (auto-signé, ou d’une autorité privée) : vérifiez l’adresse du stockage ; si elle est juste, prévenez le responsable du stockage. Sur un Wi-Fi public, ouvrez d’abord une page web au cas où il demande de vous connecter.',
  'settings.verdict.problem.certificate-expired':
    'Le certificat de {endpoint} a expiré selon l’horloge de cet ordinateur : vérifiez d’abord la date et l’heure de l’ordinateur ; si elles sont justes, le certificat doit être renouvelé (responsable du stockage).',
  'settings.verdict.problem.certificate-not-yet-valid':
    'Le certificat de {endpoint} n’est pas encore valable selon l’horloge de cet ordinateur : la date et l’heure de l’ordinateur sont sans doute en retard, corrigez-les.',
  'settings.verdict.problem.certificate-name-mismatch':
    'Le certificat de {endpoint} est établi pour une autre adresse : vérifiez l’adresse du stockage (nom du serveur). Sur un Wi-Fi public, ouvrez d’abord une page web au cas où il demande de vous connecter.',
  'settings.verdict.problem.clock':
    '{endpoint} refuse les requêtes datées par l’horloge de cet ordinateur : réglez sa date et son heure (réglage automatique de l’heure), puis testez à nouveau.',
  'diag.title': 'Diagnostic',
  'diag.counters': 'Compteurs',
  'diag.firstAttempts': 'Premières tentatives',
  'diag.retriesGranted': 'Nouvelles tentatives accordées',
  'diag.retriesRefused': 'Nouvelles tentatives refusées',
  'diag.circuit': 'État de la liaison',
  'diag.circuit.closed': 'normale',
  'diag.circuit.open-offline': 'hors ligne',
  'diag.circuit.open-server': 'serveur indisponible',
  'diag.circuit.half-open': 'essai en cours',
  'diag.reason.not-retryable': 'non réessayable',
  'diag.reason.attempts-exhausted': 'tentatives épuisées',
  'diag.reason.budget': 'budget épuisé',
  'diag.reason.deadline': 'délai dépassé',
  'diag.reason.circuit-open': 'liaison coupée',
  'diag.reason.outcome-unknown': 'issue inconnue, à demander au serveur',
  'diag.reason.aborted': 'interrompu',
  'diag.unreachable.connection-refused': 'connexion refusée',
  'diag.unreachable.connection-reset': 'connexion coupée',
  'diag.unreachable.dns': 'nom du serveur introuvable',
  'diag.unreachable.timeout': 'délai dépassé',
  'diag.unreachable.stall': 'transfert immobile',
  'diag.unreachable.no-route': 'pas de réseau',
  'diag.unreachable.incomplete-answer': 'réponse incomplète',
  'diag.unreachable.stalled-in-outage': 'resté immobile pendant une coupure',
  'diag.unreachable.endless-listing': 'liste qui tourne en rond',
  'diag.unreachable.network': 'erreur réseau',
  'diag.outcome.success': 'réussi',
  'diag.night': 'nuit n° {id}',
  'diag.outcome.refused': 'refusé par le serveur : {answer}',
  'diag.outcome.unreachable': 'sans réponse : {reason}',
  'diag.outcome.certificate': 'certificat refusé ({code})',
  'diag.outcome.gaveUp': 'abandonné : {reason}',
  'diag.outcome.deniedList':
    'cette clé ne peut pas lister le dossier de la nuit : dépôt sans liste, prouvé par les réponses aux envois',
  'diag.outcome.uploadMayBeLeftOpen':
    'réponse perdue à la création d’un envoi en plusieurs parties, et cette clé ne peut pas lister les envois : il peut rester ouvert (une règle de cycle de vie le supprime)',
  'diag.outcome.returned': '{key} avait disparu du serveur : renvoyé',
  'diag.outcome.uploadsLeft': '{count} envoi(s) en plusieurs parties laissé(s) ouvert(s)',
  'diag.outcome.targetUnavailable': 'destination indisponible',
  'diag.outcome.takenOver': 'repris du processus {pid} sur {host} (dernier signe de vie {at})',
  'diag.reasonCount': '{reason} : {count}',
  'diag.journal': 'Journal des tentatives récentes',
  'diag.col.time': 'Heure',
  'diag.col.operation': 'Opération',
  'diag.col.outcome': 'Résultat',
  'diag.col.attempt': 'Tentative',
  'diag.col.delay': 'Délai',
  'diag.export': 'Exporter le diagnostic (JSON)',
  'diag.exportHint': 'Le fichier ne contient ni secret, ni identifiant, ni adresse signée.',
  'diag.empty': 'Rien à afficher pour l’instant.',

  'state.server-unavailable': 'Serveur indisponible',
  'state.unknown': 'Inconnu (moteur injoignable)',
  'unit.retrying': 'nouvelle tentative en cours',
  'unit.serverUnavailable': 'serveur indisponible',
  'unit.engineSilent': 'sans nouvelles du moteur',
  'status.retrying': 'Nouvelle tentative en cours',
  'status.serverUnavailable': 'Serveur indisponible : nouvelle tentative automatique',
  'status.keepAwake': 'Mise en veille empêchée pendant le dépôt',

  'app.engineGone':
    'Le moteur de dépôt ne répond plus. S’il a été relancé, ouvrez la nouvelle adresse affichée à son lancement (npm run bridge) ; sinon relancez-le. Les dépôts reprendront d’eux-mêmes.',
  'app.neverConnected':
    'Cette adresse ne mène à aucun moteur Depot en marche (ancienne adresse, ou moteur arrêté). Ouvrez l’adresse complète affichée au dernier lancement.',
  'app.reload': 'Recharger la page',
  'nights.unavailable': 'La liste des nuits s’affichera dès que le moteur répondra.',
  'nights.folder': 'Dossier',
  'nights.destination': 'Destination',
  'nights.recorder': 'Enregistreur',
  'nights.archive': 'Archiver',
  'nights.unarchive': 'Désarchiver',
  'nights.showArchived': 'Afficher les nuits archivées ({count})',
  'nights.hideArchived': 'Masquer les nuits archivées',
  'nights.archiveHint':
    'Archiver range la nuit dans Depot seulement : rien n’est effacé sur le serveur.',
  'nights.forget': 'Oublier',
  'nights.forgetHint':
    'Oublier retire la nuit de ce Depot seulement : les fichiers déjà déposés restent sur le serveur.',
  'nights.forgetConfirm':
    'Oublier la nuit {night} sur cet ordinateur ? Depot efface son suivi (fichiers, parties, journal). Les fichiers déjà déposés restent sur le serveur et ceux de la carte ne sont pas touchés.',
  'nights.forgetYes': 'Oublier cette nuit',
  'nights.forgetNo': 'Annuler',
  'nights.forgotten':
    'La nuit {night} est oubliée sur cet ordinateur ; le serveur n’a pas été touché.',

  'blocker.title': 'Cette nuit ne peut pas continuer : {cause}',
  'blocker.fix': 'Corriger dans les Réglages',
  'blocker.after':
    'Après correction dans les Réglages, « Reprendre » la relance ; si elle doit aller ailleurs, « Corriger la destination » retire ce qu’elle a écrit et la déplace.',

  'current.pause': 'Pause',
  'current.resume': 'Reprendre',
  'current.destination': 'Destination',
  'current.folder': 'Dossier',
  'current.hiddenWhileUnreachable': 'masqué (moteur injoignable)',

  'done.titleLeftOut': 'Nuit terminée : {done} / {total} fichiers sur le serveur, vérifiés',
  'done.titleUnverifiable':
    'Tout est déposé ; {count} fichier(s) déposé(s), non vérifiable(s) avec cette clé : gardez la carte jusqu’à ce que le coordinateur les ait vérifiés',
  'check.returned': '{count} fichier(s) avai(en)t disparu du serveur : renvoyé(s)',
  'check.notListed':
    'Cette clé ne peut pas lister le dossier de la nuit : chaque fichier est prouvé par la réponse du serveur à son propre envoi ; {count} fichier(s) déposé(s) avant n’ont pas pu être revérifiés.',
  'done.title': 'Tout est sur le serveur, vérifié',
  'done.titlePortal': 'Nuit déposée sur le portail {portal}, vérifiée',
  'done.files': 'Fichiers vérifiés',
  'done.size': 'Taille',
  'done.destination': 'Destination',
  'done.manifest': 'Manifeste',
  'done.manifestAt': 'écrit le {time} ; il marque la nuit comme complète',
  'done.duration': 'Durée du dépôt',

  'settings.appliesToNew':
    'Ces réglages de stockage s’appliquent aux nuits créées après leur enregistrement, et aux nuits qui n’ont encore rien envoyé (une adresse ou un compartiment faux, corrigé ici) ; une nuit qui a déjà envoyé des fichiers garde sa destination (« Corriger la destination » pour la déplacer).',
  'settings.notSaved': 'Enregistrez les réglages avant de tester la connexion.',

  'reason.storage-incomplete':
    'Le stockage n’est pas configuré : renseignez l’adresse, le compartiment et les identifiants dans les Réglages, puis cliquez sur « Enregistrer » (un champ rempli mais non enregistré ne compte pas).',
  'reason.folder-missing':
    'Le dossier {dir} n’existe pas. Vérifiez le chemin (la carte SD est-elle insérée ?).',
  'reason.not-a-folder':
    '{dir} n’est pas un dossier. Indiquez le dossier qui contient les enregistrements.',
  'reason.folder-unreadable':
    'Le dossier {dir} ne peut pas être lu. Vérifiez la carte SD et les droits d’accès.',
  'reason.nothing-to-deposit': 'Le dossier {dir} ne contient aucun enregistrement à déposer.',
  'reason.files-block':
    '{count} problème(s) bloquent le dépôt : corrigez-les ou cochez « Déposer quand même sans les fichiers bloquants ».',
  'reason.sources-changed':
    'Le dossier a changé depuis son analyse ({count} changement(s)) : analysez-le à nouveau.',
  'reason.held-elsewhere':
    'Cette nuit est déjà déposée par un autre programme Depot (processus {pid} sur {host}) : attendez qu’il termine.',
  'reason.already-running': 'Cette nuit est déjà en cours de dépôt.',
  'reason.night-depositing':
    'Cette nuit est en cours de dépôt : mettez-la en pause avant de l’oublier.',
  'reason.prefix-invalid':
    'Le modèle de préfixe des Réglages ne peut pas être rempli pour cette nuit : vérifiez-le dans les Réglages.',
  'reason.no-such-plan': 'Cette nuit n’existe plus dans Depot.',
  'reason.engine-unreachable':
    'Le moteur de dépôt ne répond pas : rien n’a été fait. Nouvel essai automatique.',
  'reason.database-damaged':
    'La base de données de Depot est endommagée : rien n’a été modifié. Exportez le diagnostic pour le signaler.',
  'errorCode.invalid-input': 'Demande refusée : une valeur saisie n’est pas valable.',
  'errorCode.not-found': 'Élément introuvable : la liste a peut-être changé.',
  'errorCode.not-configured': 'Le stockage n’est pas configuré : voir les Réglages.',
  'errorCode.unavailable': 'Le moteur de dépôt ne répond pas pour l’instant.',
  'errorCode.blocked': 'Action impossible pour l’instant.',
  'errorCode.internal': 'Erreur inattendue : exportez le diagnostic pour la signaler.',

  'programme.title': 'Profil du programme',
  'programme.none':
    'Votre coordinateur vous a donné un fichier de profil ? Importez-le : il règle le serveur, le compartiment, le préfixe et les noms des fichiers. Vous n’aurez plus qu’à saisir votre clé et les champs du programme.',
  'programme.import': 'Importer le profil du programme',
  'programme.importAgain': 'Importer une nouvelle version du profil',
  'programme.path': 'Chemin du fichier de profil',
  'programme.pathHint': 'Chemin complet du fichier .json reçu de votre coordinateur.',
  'programme.dropHint': 'Vous pouvez aussi déposer le fichier sur cette page.',
  'programme.imported':
    'Profil « {name} » importé : il s’applique aux nuits créées à partir de maintenant.',
  'programme.removed': 'Profil retiré : les réglages se saisissent de nouveau à la main.',
  'programme.remove': 'Retirer le profil',
  'programme.inUse': 'Profil en usage : {name}',
  'programme.fixedHint':
    'Ces réglages viennent du profil : ils ne se modifient pas ici. Saisissez votre clé ci-dessous.',
  'programme.version': 'version {version}, empreinte {hash}',
  'programme.endpoint': 'Adresse du stockage',
  'programme.region': 'Région',
  'programme.bucket': 'Compartiment',
  'programme.addressing': 'Adressage',
  'programme.addressing.path': 'par chemin (path-style)',
  'programme.addressing.virtual': 'par nom d’hôte (virtual-hosted)',
  'programme.prefix': 'Préfixe',
  'programme.nameTemplate': 'Nom des fichiers',
  'programme.nameKept': 'leur nom sur la carte',
  'programme.pattern': 'Modèle exigé',
  'programme.fields': 'Champs à saisir',
  'programme.timeZone': 'Fuseau des enregistreurs',
  'programme.otherFiles': 'Autres fichiers',
  'programme.otherFiles.skip': 'non déposés (seuls les enregistrements le sont)',
  'programme.otherFiles.deposit': 'déposés aussi',
  'programme.field': '{label} ({pattern})',
  'programme.fieldHint': 'Doit correspondre à {pattern}',
  'programme.fieldExample': 'par exemple {example}',
  'programme.fieldInvalid': '« {value} » ne correspond pas à {pattern}.',
  'programme.fieldMissing': 'À remplir.',
  'programme.problem.not-json': 'ce n’est pas du JSON ({detail}).',
  'programme.problem.too-large': 'fichier trop gros pour être un profil (plus de {max} octets).',
  'programme.problem.not-a-profile':
    'ce fichier n’est pas un profil de programme Depot (« format » n’est pas « depot-programme »).',
  'programme.problem.unknown-version':
    'version {version} inconnue de ce Depot (il lit la version 1) : demandez à votre coordinateur un profil de version 1, ou mettez Depot à jour.',
  'programme.problem.unknown-destination':
    'destination de type « {destination} » inconnue de ce Depot (il connaît « s3 »).',
  'programme.problem.missing': '« {at} » manque.',
  'programme.problem.unknown-key': '« {at} » ne fait pas partie d’un profil (faute de frappe ?).',
  'programme.problem.wrong-type': '« {at} » doit être de type {expected}.',
  'programme.problem.bad-value': '« {at} » : « {value} » {rule}',
  'programme.problem.bad-pattern':
    '« {at} » : {pattern} n’est pas une expression régulière valable ({detail}).',
  'programme.problem.unknown-placeholder':
    '« {at} » : {{placeholder}} est inconnu (connus : {known}).',
  'programme.problem.bad-template': '« {at} » : « {template} » {problem}',
  'programme.problem.reserved-field':
    '« {at} » : un champ ne peut pas s’appeler « {name} », Depot remplit {{name}} lui-même.',
  'programme.problem.duplicate-field': '« {at} » : deux champs s’appellent « {name} ».',
  'programme.rule.url': 'n’est pas une adresse http(s).',
  'programme.rule.bucket':
    'n’est pas un nom de compartiment (3 à 63 minuscules, chiffres, « . » ou « - »).',
  'programme.rule.field-name':
    'n’est pas un nom de champ (minuscules, chiffres et « _ », une lettre d’abord).',
  'programme.rule.time-zone': 'n’est pas un fuseau horaire (un nom IANA comme Europe/Paris).',
  'programme.rule.concurrency': 'n’est pas un nombre de transferts de 1 à 16.',
  'programme.rule.bandwidth': 'n’est pas un débit d’au moins 262 144 octets par seconde (ou null).',
  'programme.rule.text': 'doit être un texte de 1 à 200 caractères.',
  'programme.template.empty': 'est vide.',
  'programme.template.leading-slash': 'commence par « / ».',
  'programme.template.trailing-slash': 'finit par « / » : un nom finit par celui du fichier.',
  'programme.template.dot-segment':
    'contient un segment « {segment} » : les objets doivent rester sous le préfixe.',
  'programme.template.empty-segment': 'contient un segment vide (« // »).',
  'programme.template.backslash': 'contient « \\ » : séparez les segments par « / ».',
  'programme.template.control-character': 'contient un caractère de contrôle.',
  'programme.template.unbalanced-brace': 'a une accolade non fermée à la position {at}.',
  'programme.template.too-long': 'dépasse {max} caractères.',
  'programme.template.bad-modifier':
    'utilise « :{modifier} », qui n’est pas un modificateur (« :lower » ou « :upper »).',
  'programme.template.depot-folder':
    'place des objets sous « .depot/ », réservé aux manifestes des nuits.',
  'new.programme': 'Programme',
  'new.names': 'Noms des fichiers',
  'new.namesCount': '{named} fichier(s) sur {total} nommés par le profil, par exemple :',
  'new.namesIncomplete': 'Remplissez les champs du programme pour voir les noms.',
  'new.cardUntouched': 'Les fichiers de la carte ne sont pas renommés.',
  'reason.programme-invalid': 'Profil refusé, rien n’a changé : {problem}',
  'reason.programme-unreadable': 'Le fichier {path} ne peut pas être lu : vérifiez le chemin.',
  'reason.field-invalid': 'Le champ « {label} » doit correspondre à {pattern}.',
  'reason.names-changed':
    'Ce dossier a déjà une nuit créée avec d’autres noms ({count} fichier(s), par exemple {example}) : une nuit garde les noms de sa création. Pour la déposer sous les nouveaux noms, oubliez d’abord cette nuit (page Nuits).',
  'current.programme': 'Profil',
  // The programme's portal (issue 33, ADR 0032).
  'nav.portal': 'Portail',
  'portal.title': 'Portail du programme',
  'portal.none':
    'Le profil du programme en usage ne nomme pas de portail : les nuits vont au compartiment des Réglages.',
  'portal.address': 'Portail :',
  'portal.signedIn':
    'Connecté depuis le {since}. La connexion dure jusqu’au {until} (encore {days} jours) ; reconnectez-vous avant.',
  'portal.expired':
    'La connexion a expiré le {time} : reconnectez-vous pour que les nuits continuent.',
  'portal.signedOut': 'Pas connecté au portail : les nuits du portail attendent une connexion.',
  'portal.tokenNote':
    'La connexion est gardée chiffrée sur cet ordinateur, comme une clé ; elle dure 14 jours.',
  'portal.signIn': 'Se connecter au portail',
  'portal.signInAgain': 'Se reconnecter',
  'portal.signOut': 'Se déconnecter',
  'portal.paste': 'Adresse de la page où la connexion vous a mené',
  'portal.pasteHint':
    'Après la connexion sur la page du portail, copiez l’adresse de la page d’arrivée (elle contient « token= ») et collez-la ici.',
  'portal.pasteHintWaiting':
    'La page de connexion s’est ouverte dans un nouvel onglet. Une fois connecté, si Depot ne le voit pas tout seul, copiez l’adresse de la page d’arrivée (elle contient « token= ») et collez-la ici.',
  'portal.usePasted': 'Utiliser cette connexion',
  'portal.handedBack':
    'Connexion transmise à Depot. Vous pouvez fermer cet onglet et revenir à Depot.',
  'participation.title': 'Participation',
  'participation.hint':
    'Sur le portail, chaque nuit va dans une participation (un site, une nuit, un point) : choisissez-en une, ou créez-la pour cette nuit.',
  'participation.signInFirst': 'Connectez-vous au portail pour choisir ou créer la participation.',
  'participation.loading': 'Lecture de vos participations…',
  'participation.existing': 'Participation existante',
  'participation.none': '— choisir —',
  'participation.site': 'Site',
  'participation.siteHint':
    'L’identifiant du site sur le portail (dans l’adresse de la page du site).',
  'participation.point': 'Point',
  'participation.create': 'Créer la participation pour cette nuit',
  'participation.chosen': 'La nuit ira dans la participation {id}.',
  'new.needsParticipation': 'Choisissez ou créez la participation de la nuit.',
  'portalNight.participation': 'Participation',
  'portalNight.portal': 'Portail',
  'portalNight.holds': 'Sur le portail maintenant',
  'portalNight.holdsText':
    '{available} des {expected} fichiers de la nuit, disponibles ({files} fichiers dans la participation)',
  'portalNight.analysis': 'Analyse',
  'portalNight.analysisAsked': 'demandée le {time}',
  'portalNight.analysisNotYet': 'pas encore lancée',
  'portalNight.analysisAfter': 'à lancer quand la nuit sera complète sur le portail',
  'portalNight.startAnalysis': 'Lancer l’analyse',
  'portalNight.proof':
    'Chaque fichier est prouvé par l’empreinte MD5 que le stockage a calculée à sa réception, puis finalisé sur le portail.',
  'cause.portal-refused.title': 'Le portail refuse ce fichier',
  'cause.portal-refused.todo':
    'Un nouvel essai enverrait la même demande : lisez la raison du portail (un nom qu’il ne prend pas…), corrigez, puis déposez à nouveau.',
  'cause.portal-refused.detail': 'réponse {status} du portail : {detail}',
  'cause.portal-signed-out.title': 'Reconnectez-vous au portail',
  'cause.portal-signed-out.todo':
    'La connexion au portail a expiré ou a été refusée. Reconnectez-vous (page Portail) : la nuit reprend d’elle-même, sans renvoyer ce qui est déjà fait.',
  'cause.participation-ambiguous.title': 'Plusieurs participations pour cette nuit',
  'cause.participation-ambiguous.todo':
    'Le site a déjà plusieurs participations de cette nuit (même début, même point) : le portail ne dit pas laquelle est la bonne. Choisissez-la dans la liste ; Depot n’en crée pas une de plus.',
  'blocker.afterSignIn':
    'Après la connexion, la nuit reprend d’elle-même, sans renvoyer ce qui est déjà fait ; « Reprendre » la relance aussi.',
  'programme.template.portal-folder':
    'nomme un dossier : le portail place lui-même chaque fichier d’après son nom (laissez le préfixe vide, et pas de « / » dans le nom).',
  'reason.portal-not-in-use': 'Le profil du programme en usage ne nomme pas de portail.',
  'reason.portal-signed-out':
    'Le portail ne prend pas cette connexion (expirée ou refusée) : reconnectez-vous.',
  'reason.portal-token-unreadable':
    'Ceci ne contient pas de connexion : collez l’adresse complète de la page d’arrivée, qui contient « token= ».',
  'reason.portal-refused': 'Le portail refuse (réponse {status}) : {detail}',
  'reason.portal-unreachable':
    'Le portail n’a pas répondu à temps (réseau ?) : réessayez, rien ne sera fait deux fois.',
  'reason.participation-ambiguous':
    'Le site a déjà {count} participations de cette nuit (même début, même point) : le portail ne dit pas laquelle est la bonne. Choisissez-la dans la liste ; Depot n’en crée pas une de plus.',
  'reason.participation-needed': 'Choisissez ou créez la participation de la nuit.',
  'reason.portal-one-night':
    'Une participation est une nuit : choisissez la nuit à déposer (« Déposer une seule nuit »).',
  'reason.night-dates-unknown':
    'Les enregistrements de la nuit {night} ne donnent pas leur heure avec leur fuseau : créez la participation sur le portail, puis choisissez-la ici.',
  'reason.night-not-complete':
    'La nuit n’est pas encore complète sur le portail : l’analyse se lance une fois tous les fichiers déposés.',
  'error.generic': 'Erreur : {message}',
  'common.yes': 'oui',
  'common.no': 'non',
  'unit.leftOut': 'Non déposé : l’objet du serveur est gardé',
  'state.removing': 'Retrait du serveur',
  'current.titleRemoving': 'Retrait du serveur',
  'current.titleStopped': 'Nuit',
  'address.nothing-listens.title':
    'Rien ne répond à l’adresse {endpoint} : la connexion est refusée',
  'address.nothing-listens.todo':
    'Ce n’est pas le réseau : l’ordinateur hôte répond, mais rien n’écoute sur ce port. L’adresse (souvent le port) est sans doute fausse, ou le serveur est arrêté. Corrigez l’adresse ci-dessous : cette nuit, qui n’a rien envoyé, la prend aussitôt. Si l’adresse est juste, le dépôt repartira de lui-même dès que le serveur répondra.',
  'address.nothing-listens.short':
    'Rien ne répond à l’adresse {endpoint} (connexion refusée) : vérifiez l’adresse',
  'address.not-s3.title':
    'À l’adresse {endpoint}, une page web répond à la place du serveur de stockage (réponse {status})',
  'address.not-s3.todo':
    'Ce n’est pas l’adresse du stockage, ou un Wi-Fi public demande de vous connecter (ouvrez d’abord une page web). Corrigez l’adresse ci-dessous : cette nuit la prend aussitôt ; rien n’a pu être déposé à cette adresse.',
  'address.not-s3.short':
    'Une page web répond à l’adresse {endpoint} à la place du stockage : vérifiez l’adresse',
  'blocker.afterFixHere':
    'Corrigé ici, le réglage est enregistré (les nuits suivantes le prendront aussi) et cette nuit, qui n’a encore rien envoyé, le prend aussitôt et repart.',
  'fix.apply': 'Enregistrer et relancer cette nuit',
  'fix.applied': 'Réglage enregistré : la nuit le prend et repart.',
  'fix.fixedByProgramme':
    'Ce réglage vient du profil du programme : il ne se corrige pas ici. Prévenez votre coordinateur.',
  'correct.open': 'Corriger la destination',
  'correct.title': 'Corriger la destination de cette nuit',
  'correct.hint':
    'Saisissez les bonnes valeurs : la nuit ira sous la destination ci-dessous, avec les réglages actuels du stockage.',
  'correct.to': 'Nouvelle destination :',
  'correct.same': 'Cette nuit va déjà là : rien à corriger.',
  'correct.willRemove':
    'Cette nuit a déjà écrit {count} fichier(s) sous {from} : ils seront retirés du serveur (seulement ceux que cette nuit a écrits, chacun vérifié par son empreinte ; ses envois inachevés annulés), puis la nuit continue sous la nouvelle destination.',
  'correct.nothingToRemove':
    'Cette nuit n’a encore rien écrit sous {from} : elle continue simplement sous la nouvelle destination.',
  'correct.confirm': 'Corriger et continuer',
  'correct.confirmRemove':
    'Retirer les {count} fichier(s) et continuer sous la nouvelle destination',
  'correct.done':
    'Destination corrigée : la nuit continue sous {to} ({count} fichier(s) à retirer de l’ancienne).',
  'correct.line': 'Destination corrigée le {time} : elle allait auparavant sous {from}.',
  'correct.lineSettings':
    'Destination corrigée le {time} d’après les nouveaux réglages (la nuit n’avait rien envoyé) : elle allait auparavant sous {from}.',
  'remove.open': 'Retirer ce dépôt du serveur',
  'remove.title': 'Retirer ce dépôt du serveur',
  'remove.confirm':
    'Retirer du serveur les {count} fichier(s) que cette nuit a écrits sous {place} ? Seuls ses propres fichiers sont retirés, chacun seulement s’il a encore les octets envoyés ; ses envois inachevés sont annulés. Les fichiers de la carte ne sont pas touchés. Ensuite Depot oublie cette nuit.',
  'remove.nothing':
    'Cette nuit n’a rien écrit sous {place} : rien à retirer du serveur ; Depot l’oubliera.',
  'remove.yes': 'Retirer {count} fichier(s) du serveur',
  'removal.wholeProgress':
    'Retrait du serveur sous {place} : {removed} retiré(s), {pending} restant(s).',
  'removal.oldProgress':
    'Ancienne destination {place} : {removed} fichier(s) retiré(s), {pending} restant(s).',
  'removal.notOurs':
    '{count} fichier(s) laissé(s) en place : un autre objet est maintenant à leur nom, ce n’est plus celui de cette nuit.',
  'removal.denied':
    'Le serveur refuse de supprimer : votre clé n’a pas la permission s3:DeleteObject. {count} fichier(s) restent sous {place}. Demandez à votre coordinateur de les retirer ou de vous donner cette permission, puis « Réessayer le retrait ».',
  'removal.retry': 'Réessayer le retrait',
  'removal.leave': 'Les laisser sur le serveur',
  'removal.leaveWhole': 'Les laisser sur le serveur et oublier cette nuit',
  'done.leftOut':
    '{count} fichier(s) non déposé(s) par votre choix : l’objet du serveur a été gardé à leur nom (le manifeste le dit).',
  'card.checking': 'Vérification de la carte…',
  'card.reusable':
    'Vous pouvez réutiliser la carte : ses {count} enregistrements (toutes les nuits, tous les fichiers) sont vérifiés sur le serveur.',
  'card.away':
    'La carte n’est plus lue ({dir}) : remettez-la pour savoir si tous ses enregistrements sont sur le serveur avant de la réutiliser.',
  'card.notYet':
    'Ne réutilisez pas encore la carte : {verified} enregistrement(s) sur {count} sont vérifiés sur le serveur. Il reste :',
  'card.undated': 'sans date',
  'card.nightNotDeposited': 'la nuit du {night} : {files} enregistrement(s), pas encore déposée',
  'card.notVerified':
    '{files} enregistrement(s) de la nuit du {night}, pas encore vérifiés sous {destination} (par exemple {examples})',
  'card.onlyOnCard':
    '{files} enregistrement(s) laissés de côté par l’analyse (tronqués, vides…), qui ne sont que sur la carte (par exemple {examples})',
  'conflict.compare': 'Comparer et choisir',
  'conflict.asking': 'Lecture de l’objet du serveur…',
  'conflict.local': 'Sur la carte',
  'conflict.server': 'Sur le serveur',
  'conflict.size': 'Taille',
  'conflict.date': 'Date',
  'conflict.checksum': 'Empreinte',
  'conflict.content.same': 'Même contenu (prouvé par l’empreinte calculée par le serveur), à :',
  'conflict.content.different':
    'Contenus différents (prouvé par l’empreinte calculée par le serveur), à :',
  'conflict.content.unproven': 'Contenus non comparables (objet déposé par un autre outil), à :',
  'conflict.keep': 'Garder celui du serveur',
  'conflict.freeName': 'Déposer celui de la carte sous {key}',
  'conflict.noFreeName': 'Aucun nom libre selon la règle de la nuit',
  'conflict.keepHint':
    'Garder celui du serveur : le fichier de la carte n’est pas déposé et le manifeste le dit. Rien n’est jamais écrasé.',
  'conflict.rule.before-extension':
    'Nom libre : -2, -3… ajouté avant l’extension, le premier que rien n’occupe.',
  'conflict.rule.before-underscore':
    'Nom libre : -2, -3… ajouté avant le premier « _ » où le modèle du programme l’accepte, le premier que rien n’occupe.',
  'conflict.rule.none':
    'Le modèle de noms du programme n’accepte aucun suffixe : pas de nom libre possible.',
  'conflict.keptSaid': 'Choix enregistré : l’objet du serveur est gardé, {path} n’est pas déposé.',
  'conflict.renamedSaid': 'Choix enregistré : {path} sera déposé sous {key}.',
  'conflict.goneSaid': 'L’autre objet n’est plus sur le serveur : {path} est déposé à son nom.',
  'status.engineSilent':
    'Le moteur ne répond pas depuis {seconds} s : les chiffres affichés ne bougent plus. S’il ne revient pas, relancez Depot ; les dépôts reprendront là où ils en étaient.',
  'status.several': '{count} nuits en dépôt —',
  'status.nightSays': '{night} : {text}',
  'status.removing': 'Retrait du serveur en cours : {pending} fichier(s) restant(s)',
  'new.deposits.title': 'Cette carte a déjà un dépôt',
  'new.deposits.done':
    'Nuit du {night} : déposée et vérifiée sous {destination} le {since} ({files} fichier(s) de ce dossier).',
  'new.deposits.going':
    'Nuit du {night} : {state}, sous {destination}, commencée le {since} ({files} fichier(s) de ce dossier).',
  'new.deposits.open': 'Ouvrir ce dépôt',
  'new.deposits.correct': 'Corriger sa destination',
  'new.deposits.copy':
    'Déposer quand même une copie ailleurs (un second dépôt de cette carte, en plus du premier)',
  'new.contradiction':
    'Vous avez saisi la nuit du {typed}, mais les enregistrements datent de la nuit du {recorded}.',
  'new.contradiction.keep': 'Déposer sous le {typed} quand même',
  'new.contradiction.take': 'Prendre le {recorded}',
  'new.nightOption.one': '{night} ({files} fichier)',
  'new.change.removedOnServer': '(sa copie reste sur le serveur)',
  'new.change.removedNotSent': '(il n’avait pas été envoyé)',
  'new.change.changedOnServer':
    '(déjà déposé : si son contenu a changé, vous choisirez quelle version garder)',
  'reason.card-deposited':
    'Cette carte est déjà déposée par une autre nuit, sous {destination} : ouvrez-la ou corrigez sa destination, ou cochez « Déposer quand même une copie ailleurs ».',
  'reason.destination-taken':
    'Un autre dépôt de ce dossier va déjà là (nuit n° {planId}) : ouvrez-le plutôt.',
  'reason.card-away':
    'La carte n’est pas lue ({dir}) : remettez-la, les noms des fichiers se refont à partir des enregistrements.',
  'reason.server-unanswered':
    'Le serveur n’a pas pu être interrogé pour l’instant (réseau) : rien n’a été décidé, réessayez.',
  'reason.server-refused':
    'Le serveur a refusé la question (réponse {status}) : rien n’a été décidé.',
  'reason.being-removed':
    'Cette nuit est en cours de retrait du serveur : rien d’autre ne peut lui être demandé.',
  'reason.not-settleable':
    'Ce fichier n’a plus de conflit à régler, ou la règle de la nuit ne trouve aucun nom libre.',
  'settings.notSavedProblem': 'Réglages non enregistrés : corrigez d’abord le champ signalé.',
  'settings.testedUnsaved':
    'Ces valeurs ont été testées sans être enregistrées : cliquez sur « Enregistrer » pour les garder.',
  'diag.outcome.waits': 'en attente : {reason}, le fichier sera retenté',
  'unit.wrongAddress': 'Non déposé : adresse du stockage fausse',
} as const;

export type MessageKey = keyof typeof fr;
export type Messages = { readonly [K in MessageKey]: string };
