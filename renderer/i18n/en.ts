import type { Messages } from './fr';

/** English. `satisfies Messages` rejects a missing or unknown key. */
export const en = {
  'app.title': 'Depot',
  'app.connecting': 'Connecting to the deposit engine…',
  'app.connectionLost': 'Connection to the engine lost: retrying automatically.',
  'app.noToken': 'Open Depot with the full address printed at start-up (it holds the session key).',
  'nav.nights': 'Nights',
  'nav.new': 'New deposit',
  'nav.current': 'Open night',
  'nav.failures': 'Failures',
  'nav.settings': 'Settings',
  'nav.diagnostics': 'Diagnostics',
  'nav.language': 'Language',

  'state.planned': 'Planned',
  'state.running': 'Running',
  'state.paused': 'Paused',
  'state.waiting-network': 'Waiting for network',
  'state.waiting-card': 'Card removed',
  'state.deferred': 'Deferred',
  'state.done': 'Deposited',
  'state.needs-attention': 'Needs attention',
  'state.stopped': 'Stopped',

  'unit.pending': 'Waiting',
  'unit.in-progress': 'Sending',
  'unit.deferred': 'Postponed by the server until {time}',
  'unit.done': 'Deposited',
  'unit.alreadyPresent': 'Already there',
  'unit.unverifiable': 'Deposited, cannot be verified with this key',
  'unit.failed': 'Failed',
  'unit.retryIn': 'retrying in {seconds} s',
  'unit.waitingNetwork': 'waiting for network',
  'unit.waitingCard': 'card removed',

  'nights.title': 'Nights',
  'nights.empty': 'No night deposited yet.',
  'nights.startFirst': 'Start a deposit',
  'nights.col.night': 'Night',
  'nights.col.state': 'State',
  'nights.col.progress': 'Progress',
  'nights.col.size': 'Size',
  'nights.col.lastActivity': 'Last activity',
  'nights.col.actions': 'Actions',
  'nights.pause': 'Pause',
  'nights.resume': 'Resume',
  'nights.retryNow': 'Try again now',
  'nights.open': 'Open',
  'nights.label': '{site} · {point} · {night}',
  'nights.never': '—',

  'new.title': 'New deposit',
  'new.folder': 'Night folder',
  'new.choose': 'Choose folder…',
  'new.folderHint': 'Full path of the folder (SD card or a copy).',
  'new.dropHint': 'You can also drop the folder onto this window.',
  'new.check': 'Check the folder',
  'new.checking': 'Checking…',
  'new.summary': 'Summary before deposit',
  'new.files': 'Files',
  'new.totalSize': 'Total size',
  'new.skippedJunk': 'System files skipped',
  'new.nights': 'Nights found',
  'new.timeZone': 'Time zone',
  'new.span': 'Recordings (first to last)',
  'new.recorder': 'Recorder',
  'new.recorders': 'Recorders',
  'new.warnings': 'Warnings',
  'new.noWarnings': 'No problem found.',
  'new.blocking': '{count} problem(s) block the deposit.',
  'new.skipInvalid': 'Deposit anyway, without the blocking files',
  'new.decision.deposit-anyway': 'will be deposited',
  'new.decision.skip': 'skipped',
  'new.decision.block': 'blocking',
  'new.site': 'Site',
  'new.point': 'Point',
  'new.night': 'Night date',
  'new.nightPlaceholder': 'dd/mm/yyyy',
  'new.nightInvalid': 'Date not recognised: type it as dd/mm/yyyy.',
  'new.start': 'Deposit',
  'new.starting': 'Starting…',
  'new.notConfigured': 'Set up the storage in Settings first.',
  'new.severalNights': 'This folder holds {count} nights.',
  'new.eachNight': 'Deposit each night under its own date ({count} deposits)',
  'new.oneNight': 'Deposit one night only',
  'new.nightOption': '{night} ({files} files)',
  'new.startEach': 'Deposit the {count} nights',
  'new.destination': 'Destination',
  'new.destinationNight': 'Night of {night}:',
  'new.destinationIncomplete': '(to complete: site, point or date missing)',
  'new.nightsSharePrefix':
    'The prefix template “{template}” would put several nights under one prefix: add {placeholder} to the template in Settings, or deposit one night only.',
  'new.changed': 'The folder changed since the deposit was prepared ({count} file(s)):',
  'new.changedMore': '… and {count} more.',
  'new.change.size': 'changed',
  'new.change.mtime': 'changed',
  'new.change.removed': 'removed',
  'new.change.added': 'new',
  'new.changedExplain':
    'Files already verified on the server will not be sent again; changed files will be sent again, except those already deposited: their version on the server is never replaced there, you will choose in Failures which to keep; removed files leave the deposit.',
  'new.depositChanges': 'Deposit the changes',

  'current.title': 'Current deposit',
  'current.none': 'No deposit selected. Pick a night under “Nights”.',
  'current.acked': '{acked} of {total} confirmed by the server',
  'current.files': '{done} / {total} files',
  'current.throughput': 'Throughput',
  'current.eta': 'Time left',
  'current.etaUnknown': 'unknown',
  'current.filter': 'Show',
  'current.filter.all': 'All',
  'current.filter.active': 'Active',
  'current.filter.pending': 'Waiting',
  'current.filter.done': 'Deposited',
  'current.filter.failed': 'Failed',
  'current.col.file': 'File',
  'current.col.state': 'State',
  'current.col.size': 'Size',
  'current.col.progress': 'Progress',
  'current.seeFailures': 'See failures ({count})',

  'status.idle': 'Ready',
  'status.retryIn': 'Retrying in {seconds} s',
  'status.waitingNetwork': 'Waiting for network',
  'status.waitingCard': 'Card removed: put it back to continue',
  'status.deferredUntil':
    'Postponed by the server until {time} (in {left}): it will try again by itself',
  'status.running': 'Depositing: {percent}',
  'status.done': 'Night deposited and verified',

  'failures.title': 'Failures',
  'failures.none': 'No failure for this night.',
  'failures.retry': 'Retry failures',
  'failures.retryHint': 'Re-queues the files that another attempt can help.',
  'failures.requeued':
    '{requeued} file(s) re-queued. {definitive} definitive failure(s) still need you.',
  'failures.retryable': 'Another attempt can help',
  'failures.needsCredentials': 'New credentials needed',
  'failures.definitive': 'Definitive failures (retrying will not change them)',
  'failures.count': '{count} file(s)',
  'failures.whatToDo': 'What to do:',
  'failures.conflictSizes': 'here {local}, on the server {remote}',

  'cause.auth.title': 'The server does not recognise this access key or secret',
  'cause.auth.todo':
    'Type the access key and secret again in Settings; the files will start again.',
  'cause.denied.list.title': 'This key may not list {folder}',
  'cause.denied.write.title': 'This key may not write to {folder}',
  'cause.denied.read.title':
    'An object already has this name in {folder}, and this key may not read it to compare',
  'cause.denied.abort.title': 'This key may not cancel an upload in {folder}',
  'cause.denied.todo':
    'The key and secret are right: the bucket’s policy does not allow this. Ask the programme’s coordinator for a key with this permission on {folder}, then enter it in Settings.',
  'cause.refused.title': 'The server refuses this file',
  'cause.refused.todo': 'Contact the storage administrator: retrying will not lift this refusal.',
  'cause.bucket-missing.title': 'The bucket does not exist',
  'cause.bucket-missing.todo': 'Check the bucket name in Settings, then retry.',
  'cause.certificate.untrusted.title': 'The server’s certificate is not trusted by this computer',
  'cause.certificate.untrusted.todo':
    'Check the storage address in Settings. If it is right, the server presents a certificate this computer does not know (self-signed, or from a private authority): tell the storage administrator. On a public Wi-Fi, open a web page first in case it asks you to sign in.',
  'cause.certificate.expired.title':
    'The server’s certificate has expired, or this computer’s clock is wrong',
  'cause.certificate.expired.todo':
    'Check this computer’s date and time first (they can drift after a night away from the network). If they are right, the server’s certificate must be renewed: tell the storage administrator.',
  'cause.certificate.not-yet-valid.title':
    'The server’s certificate is not valid yet, or this computer’s clock is behind',
  'cause.certificate.not-yet-valid.todo':
    'This computer’s date and time are probably behind: set them right (automatic time). If they are right, tell the storage administrator.',
  'cause.certificate.name-mismatch.title':
    'The server’s certificate is made out to another address',
  'cause.certificate.name-mismatch.todo':
    'Check the storage address in Settings (server name, typing mistakes). On a public Wi-Fi, open a web page first in case it asks you to sign in.',
  'cause.clock.title': 'This computer’s clock is not on the server’s time',
  'cause.clock.todo':
    'Set this computer’s date and time right (automatic time), then “Resume”: the deposit goes on where it was.',
  'cause.clock.behind': 'It is {amount} {unit} behind the server.',
  'cause.clock.ahead': 'It is {amount} {unit} ahead of the server.',
  'cause.conflict.title':
    'The server already holds a file under this name, with other content (another file, or an earlier version of this one)',
  'cause.conflict.todo':
    'Nothing was overwritten. “Compare and choose” shows both files: keep the server’s, or deposit the card’s under a free name.',
  'cause.source-changed.title': 'The file changed during the deposit',
  'cause.source-changed.todo':
    'Wait until the file no longer changes, then “Retry failures”: it is sent again as it is now.',
  'cause.source-missing.title': 'The file disappeared from the folder',
  'cause.source-missing.todo':
    'Put the SD card or folder back, then “Retry failures” (or “Resume”): the file goes on where it stopped.',
  'cause.source-unreadable.title': 'The file cannot be read',
  'cause.source-unreadable.todo': 'Check the SD card; another attempt may be enough.',
  'cause.verification-failed.title': 'The server did not confirm the content',
  'cause.verification-failed.todo': 'Retry: the file will be sent and checked again.',
  'cause.unproven.title': 'A file of the same size is already on the server, content unproven',
  'cause.unproven.todo':
    'Nothing was overwritten. Another tool put it there: have it read back (depot verify --read-back) to compare.',
  'cause.upload-vanished.title': 'The server deleted this file’s upload in progress',
  'cause.upload-vanished.todo':
    'A storage rule deletes unfinished uploads: tell the storage administrator, then retry.',
  'cause.target-unavailable.title': 'This night’s credentials are no longer stored',
  'cause.target-unavailable.todo':
    'This night always goes to its own destination: enter its credentials again in Settings.',
  'cause.target-unavailable.detail': 'bucket {bucket}, key {key}',
  'cause.endless-listing.title': 'The server’s listing goes round in circles',
  'cause.endless-listing.todo':
    'The server (or a proxy in between) sends the same pages of its listing again and again: Depot stopped asking. Nothing was lost. Tell the storage administrator, then resume.',
  'cause.status': 'answer {status} {code}',

  'settings.title': 'Settings',
  'settings.endpoint': 'Storage address (endpoint)',
  'settings.region': 'Region',
  'settings.bucket': 'Bucket',
  'settings.prefixTemplate': 'Prefix template',
  'settings.prefixHint': 'For example {site}/{point}/{night}',
  'settings.prefixProblem.leading-slash':
    'The prefix must not start with "/": write for example {example}.',
  'settings.prefixProblem.dot-segment':
    'The prefix must not contain a "." or ".." segment: files must stay under the prefix.',
  'settings.prefixProblem.empty-segment':
    'The prefix contains "//": put a single "/" between two segments.',
  'settings.prefixProblem.backslash': 'Separate the prefix segments with "/", not "\\".',
  'settings.prefixProblem.control-character':
    'The prefix contains an invisible (control) character: retype it.',
  'settings.prefixProblem.unbalanced-brace':
    'Unclosed brace "{" or "}" in the prefix (position {at}).',
  'settings.prefixProblem.unknown-placeholder':
    'The prefix uses an unknown field "{name}"; possible fields: {known}.',
  'settings.prefixProblem.too-long': 'The prefix is longer than {max} characters.',
  'settings.pathStyle': 'Path-style addressing',
  'settings.accessKeyId': 'Access key',
  'settings.secretAccessKey': 'Secret',
  'settings.credentialsSet': 'Credentials saved (not shown). Type new ones to replace them.',
  'settings.credentialsNotSet': 'No credentials saved.',
  'settings.concurrency': 'Parallel transfers',
  'settings.bwlimit': 'Maximum rate (MB/s, empty = no limit)',
  'settings.bwlimitTooLow':
    'Maximum rate too low: at least {min} MB/s (below it a 30 GB card would take more than 34 hours), or empty for no limit.',
  'settings.background': 'Keep depositing when the window is closed',
  'settings.language': 'Interface language',
  'settings.save': 'Save',
  'settings.saved': 'Settings saved.',
  'settings.test': 'Test the connection',
  'settings.testing': 'Testing…',
  'settings.verdict.reachable': 'Server reachable',
  'settings.verdict.credentials': 'Credentials accepted',
  'settings.verdict.bucket': 'Bucket found',
  'settings.verdict.writable': 'Write to {folder}',
  'settings.verdict.list': 'List {folder}',
  'settings.verdict.wrongSecret':
    'The server does not recognise this access key or secret: type them again.',
  'settings.verdict.cannotWrite':
    'This key may not write to {folder}: nothing can be deposited with it. Ask the programme’s coordinator for a key that may.',
  'settings.verdict.cannotList':
    'This key may not list {folder}: files will be deposited, but cannot be verified with this key.',
  'settings.verdict.line': '{label}: {value}',
  'settings.verdict.yes': 'yes',
  'settings.verdict.no': 'no',
  'settings.verdict.unknown': 'not checked',
  'settings.verdict.putIfNoneMatch': 'Refuses to write over a file already there (If-None-Match)',
  'settings.verdict.completeIfMatch': 'The same guard at the end of a multipart upload (If-Match)',
  'settings.verdict.noConditional':
    'This server writes over a file already there: Depot looks before each upload, but cannot stop another tool writing the same name at the same moment.',
  'settings.verdict.completeUnguarded':
    'This server ignores the guard at the end of multipart uploads: Depot reserves the name before sending; only a tool writing the same name without a guard during the end of a large file (about 0.2 s) could be replaced.',
  'settings.verdict.marker': 'To learn this, the test leaves one empty file: {key}.',
  'settings.verdict.ok': 'Everything is ready to deposit.',
  'settings.verdict.ko': 'Depositing cannot work with these settings.',

  'settings.verdict.problem.nothing-listens':
    'Nothing listens at {endpoint} (connection refused): check the storage address, especially its port.',
  'settings.verdict.problem.not-s3':
    '{endpoint} does not answer like an S3 storage server (a web page, a proxy?): check the storage address.',
  'settings.verdict.problem.certificate-untrusted':
    '{endpoint} presents a certificate this computer does not trust (self-signed, or from a private authority): check the storage address; if it is right, tell the storage administrator. On a public Wi-Fi, open a web page first in case it asks you to sign in.',
  'settings.verdict.problem.certificate-expired':
    'The certificate of {endpoint} has expired by this computer’s clock: check the computer’s date and time first; if they are right, the certificate must be renewed (storage administrator).',
  'settings.verdict.problem.certificate-not-yet-valid':
    'The certificate of {endpoint} is not valid yet by this computer’s clock: the computer’s date and time are probably behind, set them right.',
  'settings.verdict.problem.certificate-name-mismatch':
    'The certificate of {endpoint} is made out to another address: check the storage address (server name). On a public Wi-Fi, open a web page first in case it asks you to sign in.',
  'settings.verdict.problem.clock':
    '{endpoint} refuses requests dated by this computer’s clock: set its date and time right (automatic time), then test again.',
  'diag.title': 'Diagnostics',
  'diag.counters': 'Counters',
  'diag.firstAttempts': 'First attempts',
  'diag.retriesGranted': 'Retries granted',
  'diag.retriesRefused': 'Retries refused',
  'diag.circuit': 'Link state',
  'diag.circuit.closed': 'normal',
  'diag.circuit.open-offline': 'offline',
  'diag.circuit.open-server': 'server unavailable',
  'diag.circuit.half-open': 'probing',
  'diag.reason.not-retryable': 'not retryable',
  'diag.reason.attempts-exhausted': 'attempts exhausted',
  'diag.reason.budget': 'budget spent',
  'diag.reason.deadline': 'deadline',
  'diag.reason.circuit-open': 'link down',
  'diag.reason.outcome-unknown': 'outcome unknown, to ask the server',
  'diag.reason.aborted': 'stopped',
  'diag.unreachable.connection-refused': 'connection refused',
  'diag.unreachable.connection-reset': 'connection cut',
  'diag.unreachable.dns': 'server name not found',
  'diag.unreachable.timeout': 'timed out',
  'diag.unreachable.stall': 'transfer stalled',
  'diag.unreachable.no-route': 'no network',
  'diag.unreachable.incomplete-answer': 'incomplete answer',
  'diag.unreachable.stalled-in-outage': 'stalled through an outage',
  'diag.unreachable.endless-listing': 'listing going round in circles',
  'diag.unreachable.network': 'network error',
  'diag.outcome.success': 'success',
  'diag.night': 'night {id}',
  'diag.outcome.refused': 'refused by the server: {answer}',
  'diag.outcome.unreachable': 'no answer: {reason}',
  'diag.outcome.certificate': 'certificate refused ({code})',
  'diag.outcome.gaveUp': 'given up: {reason}',
  'diag.outcome.deniedList':
    'this key may not list the night’s folder: deposited without a listing, proved by the answers to the uploads',
  'diag.outcome.uploadMayBeLeftOpen':
    'a reply to a multipart upload’s creation was lost and this key may not list uploads: it may stay open (a lifecycle rule removes it)',
  'diag.outcome.returned': '{key} had vanished from the server: sent again',
  'diag.outcome.uploadsLeft': '{count} multipart upload(s) left open',
  'diag.outcome.targetUnavailable': 'destination unavailable',
  'diag.outcome.takenOver': 'taken over from process {pid} on {host} (last heartbeat {at})',
  'diag.reasonCount': '{reason}: {count}',
  'diag.journal': 'Recent attempts',
  'diag.col.time': 'Time',
  'diag.col.operation': 'Operation',
  'diag.col.outcome': 'Outcome',
  'diag.col.attempt': 'Attempt',
  'diag.col.delay': 'Delay',
  'diag.export': 'Export diagnostics (JSON)',
  'diag.exportHint': 'The file holds no secret, no credential, no signed address.',
  'diag.empty': 'Nothing to show yet.',

  'state.server-unavailable': 'Server unavailable',
  'state.unknown': 'Unknown (engine unreachable)',
  'unit.retrying': 'retrying now',
  'unit.serverUnavailable': 'server unavailable',
  'unit.engineSilent': 'no word from the engine',
  'status.retrying': 'Retrying now',
  'status.serverUnavailable': 'Server unavailable: retrying automatically',
  'status.keepAwake': 'Sleep prevented while depositing',

  'app.engineGone':
    'The deposit engine no longer answers. If it was restarted, open the new address it printed at start-up (npm run bridge); otherwise start it again. Deposits resume by themselves.',
  'app.neverConnected':
    'This address leads to no running Depot engine (an old address, or the engine is stopped). Open the full address printed at the last start-up.',
  'app.reload': 'Reload the page',
  'nights.unavailable': 'The nights will be listed as soon as the engine answers.',
  'nights.folder': 'Folder',
  'nights.destination': 'Destination',
  'nights.recorder': 'Recorder',
  'nights.archive': 'Archive',
  'nights.unarchive': 'Unarchive',
  'nights.showArchived': 'Show archived nights ({count})',
  'nights.hideArchived': 'Hide archived nights',
  'nights.archiveHint':
    'Archiving tidies the night away in Depot only: nothing is deleted on the server.',
  'nights.forget': 'Forget',
  'nights.forgetHint':
    'Forgetting removes the night from this Depot only: the files already deposited stay on the server.',
  'nights.forgetConfirm':
    'Forget the night {night} on this computer? Depot erases its tracking (files, parts, log). The files already deposited stay on the server and those on the card are not touched.',
  'nights.forgetYes': 'Forget this night',
  'nights.forgetNo': 'Cancel',
  'nights.forgotten':
    'The night {night} is forgotten on this computer; the server was not touched.',

  'blocker.title': 'This night cannot go on: {cause}',
  'blocker.fix': 'Fix it in Settings',
  'blocker.after':
    'Once corrected in Settings, “Resume” restarts it; if it must go elsewhere, “Correct the destination” removes what it wrote and moves it.',

  'current.pause': 'Pause',
  'current.resume': 'Resume',
  'current.destination': 'Destination',
  'current.folder': 'Folder',
  'current.hiddenWhileUnreachable': 'hidden (engine unreachable)',

  'done.titleLeftOut': 'Night finished: {done} / {total} files on the server, verified',
  'done.titleUnverifiable':
    'Everything is deposited; {count} file(s) deposited, cannot be verified with this key: keep the card until the coordinator has verified them',
  'check.returned': '{count} file(s) had vanished from the server: sent again',
  'check.notListed':
    'This key may not list the night’s folder: each file is proved by the server’s answer to its own upload; {count} file(s) deposited earlier could not be checked again.',
  'done.title': 'All on the server, verified',
  'done.titlePortal': 'Night deposited on the {portal} portal, verified',
  'done.files': 'Files verified',
  'done.size': 'Size',
  'done.destination': 'Destination',
  'done.manifest': 'Manifest',
  'done.manifestAt': 'written on {time}; it marks the night complete',
  'done.duration': 'Deposit time',

  'settings.appliesToNew':
    'These storage settings apply to nights created after they are saved, and to nights that have sent nothing yet (a wrong address or bucket corrected here); a night that already sent files keeps its destination (“Correct the destination” to move it).',
  'settings.notSaved': 'Save the settings before testing the connection.',

  'reason.storage-incomplete':
    'Storage is not configured: fill in the address, bucket and credentials in Settings, then click “Save” (a field filled in but not saved does not count).',
  'reason.folder-missing': 'The folder {dir} does not exist. Check the path (is the SD card in?).',
  'reason.not-a-folder': '{dir} is not a folder. Give the folder that holds the recordings.',
  'reason.folder-unreadable': 'The folder {dir} cannot be read. Check the SD card and permissions.',
  'reason.nothing-to-deposit': 'The folder {dir} holds no recording to deposit.',
  'reason.files-block':
    '{count} problem(s) block the deposit: fix them or tick “Deposit anyway without the blocking files”.',
  'reason.sources-changed':
    'The folder changed since it was checked ({count} change(s)): check it again.',
  'reason.held-elsewhere':
    'Another Depot program is depositing this night (process {pid} on {host}): wait for it to finish.',
  'reason.already-running': 'This night is already being deposited.',
  'reason.night-depositing': 'This night is being deposited: pause it before forgetting it.',
  'reason.prefix-invalid':
    'The prefix template in Settings cannot be filled for this night: check it in Settings.',
  'reason.no-such-plan': 'This night no longer exists in Depot.',
  'reason.engine-unreachable':
    'The deposit engine does not answer: nothing was done. Retrying automatically.',
  'reason.database-damaged':
    'Depot’s database is damaged: nothing was changed. Export the diagnostics to report it.',
  'errorCode.invalid-input': 'Request refused: a value entered is not valid.',
  'errorCode.not-found': 'Not found: the list may have changed.',
  'errorCode.not-configured': 'Storage is not configured: see Settings.',
  'errorCode.unavailable': 'The deposit engine does not answer right now.',
  'errorCode.blocked': 'Not possible right now.',
  'errorCode.internal': 'Unexpected error: export the diagnostics to report it.',

  'programme.title': 'Programme profile',
  'programme.none':
    'Did your coordinator give you a profile file? Import it: it sets the server, the bucket, the prefix and the files’ names. You then only enter your key and the programme’s fields.',
  'programme.import': 'Import the programme’s profile',
  'programme.importAgain': 'Import a new version of the profile',
  'programme.path': 'Path of the profile file',
  'programme.pathHint': 'Full path of the .json file from your coordinator.',
  'programme.dropHint': 'You can also drop the file on this page.',
  'programme.imported': 'Profile “{name}” imported: it applies to nights created from now on.',
  'programme.removed': 'Profile removed: the settings are typed by hand again.',
  'programme.remove': 'Remove the profile',
  'programme.inUse': 'Profile in use: {name}',
  'programme.fixedHint':
    'These settings come from the profile: they are not changed here. Enter your key below.',
  'programme.version': 'version {version}, fingerprint {hash}',
  'programme.endpoint': 'Storage address',
  'programme.region': 'Region',
  'programme.bucket': 'Bucket',
  'programme.addressing': 'Addressing',
  'programme.addressing.path': 'path-style',
  'programme.addressing.virtual': 'virtual-hosted',
  'programme.prefix': 'Prefix',
  'programme.nameTemplate': 'Files’ names',
  'programme.nameKept': 'their name on the card',
  'programme.pattern': 'Required pattern',
  'programme.fields': 'Fields to enter',
  'programme.timeZone': 'Recorders’ time zone',
  'programme.otherFiles': 'Other files',
  'programme.otherFiles.skip': 'not deposited (recordings only)',
  'programme.otherFiles.deposit': 'deposited too',
  'programme.field': '{label} ({pattern})',
  'programme.fieldHint': 'Must match {pattern}',
  'programme.fieldExample': 'e.g. {example}',
  'programme.fieldInvalid': '“{value}” does not match {pattern}.',
  'programme.fieldMissing': 'Required.',
  'programme.problem.not-json': 'not JSON ({detail}).',
  'programme.problem.too-large': 'too large to be a profile (more than {max} bytes).',
  'programme.problem.not-a-profile':
    'this file is not a Depot programme profile (“format” is not “depot-programme”).',
  'programme.problem.unknown-version':
    'version {version} is not one this Depot reads (it reads version 1): ask your coordinator for a version 1 profile, or update Depot.',
  'programme.problem.unknown-destination':
    'destination kind “{destination}” is not one this Depot knows (it knows “s3” and “vigiechiro”).',
  'programme.problem.missing': '“{at}” is missing.',
  'programme.problem.unknown-key': '“{at}” is not part of a profile (a typo?).',
  'programme.problem.wrong-type': '“{at}” must be {expected}.',
  'programme.problem.bad-value': '“{at}”: “{value}” {rule}',
  'programme.problem.bad-pattern':
    '“{at}”: {pattern} is not a valid regular expression ({detail}).',
  'programme.problem.unknown-placeholder': '“{at}”: {{placeholder}} is unknown (known: {known}).',
  'programme.problem.bad-template': '“{at}”: “{template}” {problem}',
  'programme.problem.reserved-field':
    '“{at}”: a field may not be called “{name}”: Depot fills {{name}} itself.',
  'programme.problem.duplicate-field': '“{at}”: two fields are called “{name}”.',
  'programme.rule.url': 'is not an http(s) address.',
  'programme.rule.bucket': 'is not a bucket name (3 to 63 lower-case letters, digits, “.” or “-”).',
  'programme.rule.field-name':
    'is not a field name (lower-case letters, digits and “_”, a letter first).',
  'programme.rule.time-zone': 'is not a time zone (an IANA name such as Europe/Paris).',
  'programme.rule.concurrency': 'is not a number of transfers from 1 to 16.',
  'programme.rule.bandwidth': 'is not a bandwidth of at least 262,144 bytes per second (or null).',
  'programme.rule.text': 'must be a text of 1 to 200 characters.',
  'programme.template.empty': 'is empty.',
  'programme.template.leading-slash': 'starts with “/”.',
  'programme.template.trailing-slash': 'ends with “/”: a name ends with the file’s own.',
  'programme.template.dot-segment':
    'has a “{segment}” segment: objects must stay under the prefix.',
  'programme.template.empty-segment': 'has an empty segment (“//”).',
  'programme.template.backslash': 'contains “\\”: separate segments with “/”.',
  'programme.template.control-character': 'contains a control character.',
  'programme.template.unbalanced-brace': 'has an unbalanced brace at position {at}.',
  'programme.template.too-long': 'is longer than {max} characters.',
  'programme.template.bad-modifier':
    'uses “:{modifier}”, which is not a modifier (“:lower” or “:upper”).',
  'programme.template.depot-folder':
    'puts objects under “.depot/”, where the nights’ manifests go.',
  'new.programme': 'Programme',
  'new.names': 'Files’ names',
  'new.namesCount': '{named} of {total} file(s) named by the profile, e.g.:',
  'new.namesIncomplete': 'Fill in the programme’s fields to see the names.',
  'new.cardUntouched': 'The card’s files are not renamed.',
  'reason.programme-invalid': 'Profile refused, nothing changed: {problem}',
  'reason.programme-unreadable': 'The file {path} cannot be read: check the path.',
  'reason.field-invalid': 'The field “{label}” must match {pattern}.',
  'reason.names-changed':
    'This folder already has a night created with other names ({count} file(s), e.g. {example}): a night keeps the names it was created with. To deposit it under the new names, forget that night first (Nights page).',
  'current.programme': 'Profile',
  // The programme's portal (issue 33, ADR 0032).
  'nav.portal': 'Portal',
  'portal.title': 'Programme portal',
  'portal.none':
    'The programme profile in use names no portal: nights go to the bucket in Settings.',
  'portal.address': 'Portal:',
  'portal.signedIn':
    'Signed in since {since}. The sign-in lasts until {until} ({days} more days); sign in again before then.',
  'portal.expired': 'The sign-in expired on {time}: sign in again for the nights to go on.',
  'portal.signedOut': 'Not signed in to the portal: the portal’s nights wait for a sign-in.',
  'portal.tokenNote':
    'The sign-in is kept encrypted on this computer, like a key; it lasts 14 days.',
  'portal.signIn': 'Sign in to the portal',
  'portal.signInAgain': 'Sign in again',
  'portal.signOut': 'Sign out',
  'portal.paste': 'Address of the page the sign-in took you to',
  'portal.pasteHint':
    'After signing in on the portal’s page, copy the address of the page you land on (it holds “token=”) and paste it here.',
  'portal.pasteHintWaiting':
    'The sign-in page opened in a new tab. Once signed in, if Depot does not see it by itself, copy the address of the page you land on (it holds “token=”) and paste it here.',
  'portal.usePasted': 'Use this sign-in',
  'portal.handedBack': 'Sign-in handed to Depot. You can close this tab and go back to Depot.',
  'participation.title': 'Participation',
  'participation.hint':
    'On the portal, each night goes into a participation (a site, a night, a point): pick one, or create it for this night.',
  'participation.signInFirst': 'Sign in to the portal to pick or create the participation.',
  'participation.loading': 'Reading your participations…',
  'participation.existing': 'Existing participation',
  'participation.none': '— pick one —',
  'participation.site': 'Site',
  'participation.siteHint': 'The site’s id on the portal (in the address of the site’s page).',
  'participation.point': 'Point',
  'participation.create': 'Create the participation for this night',
  'participation.chosen': 'The night will go into participation {id}.',
  'new.needsParticipation': 'Pick or create the night’s participation.',
  'portalNight.participation': 'Participation',
  'portalNight.portal': 'Portal',
  'portalNight.holds': 'On the portal now',
  'portalNight.holdsText':
    '{available} of the night’s {expected} files, available ({files} files in the participation)',
  'portalNight.analysis': 'Analysis',
  'portalNight.analysisAsked': 'asked on {time}',
  'portalNight.analysisNotYet': 'not started yet',
  'portalNight.analysisAfter': 'to start once the night is complete on the portal',
  'portalNight.startAnalysis': 'Start the analysis',
  'portalNight.proof':
    'Each file is proved by the MD5 the storage computed as it received it, then finalized on the portal.',
  'cause.portal-refused.title': 'The portal refuses this file',
  'cause.portal-refused.todo':
    'Trying again would send the same request: read the portal’s reason (a name it does not take…), fix it, then deposit again.',
  'cause.portal-refused.detail': 'the portal’s answer {status}: {detail}',
  'cause.portal-signed-out.title': 'Sign in to the portal again',
  'cause.portal-signed-out.todo':
    'The portal sign-in expired or was refused. Sign in again (Portal page): the night goes on by itself, without sending again what is done.',
  'cause.participation-ambiguous.title': 'Several participations for this night',
  'cause.participation-ambiguous.todo':
    'The site already has several participations of this night (same start, same point): the portal does not say which is the right one. Pick it in the list; Depot does not create one more.',
  'blocker.afterSignIn':
    'Once signed in, the night goes on by itself, without sending again what is done; “Resume” starts it too.',
  'programme.template.portal-folder':
    'names a folder: the portal places each file itself from its name (leave the prefix empty, and no “/” in the name).',
  'reason.portal-not-in-use': 'The programme profile in use names no portal.',
  'reason.portal-signed-out':
    'The portal does not take this sign-in (expired or refused): sign in again.',
  'reason.portal-token-unreadable':
    'This holds no sign-in: paste the whole address of the page you landed on, which holds “token=”.',
  'reason.portal-refused': 'The portal refuses (answer {status}): {detail}',
  'reason.portal-unreachable':
    'The portal did not answer in time (network?): try again, nothing will be done twice.',
  'reason.participation-ambiguous':
    'The site already has {count} participations of this night (same start, same point): the portal does not say which is the right one. Pick it in the list; Depot does not create one more.',
  'reason.participation-needed': 'Pick or create the night’s participation.',
  'reason.portal-one-night':
    'A participation is one night: pick the night to deposit (“Deposit one night only”).',
  'reason.night-dates-unknown':
    'The recordings of the night {night} do not give their time with its zone: create the participation on the portal, then pick it here.',
  'reason.night-not-complete':
    'The night is not complete on the portal yet: the analysis starts once every file is deposited.',
  'error.generic': 'Error: {message}',
  'common.yes': 'yes',
  'common.no': 'no',
  'unit.leftOut': 'Not deposited: the server’s object is kept',
  'state.removing': 'Removing from the server',
  'current.titleRemoving': 'Removing from the server',
  'current.titleStopped': 'Night',
  'address.nothing-listens.title': 'Nothing answers at {endpoint}: the connection is refused',
  'address.nothing-listens.todo':
    'This is not the network: the host answers, but nothing listens on that port. The address (often its port) is probably wrong, or the server is off. Correct the address below: this night, which has sent nothing, takes it at once. If the address is right, the deposit goes on by itself as soon as the server answers.',
  'address.nothing-listens.short':
    'Nothing answers at {endpoint} (connection refused): check the address',
  'address.not-s3.title':
    'At {endpoint}, a web page answers instead of the storage server (answer {status})',
  'address.not-s3.todo':
    'This is not the storage address, or a public Wi-Fi asks you to sign in (open a web page first). Correct the address below: this night takes it at once; nothing could be deposited at that address.',
  'address.not-s3.short':
    'A web page answers at {endpoint} instead of the storage: check the address',
  'blocker.afterFixHere':
    'Corrected here, the setting is saved (later nights take it too) and this night, which has sent nothing yet, takes it at once and goes on.',
  'fix.apply': 'Save and restart this night',
  'fix.applied': 'Setting saved: the night takes it and goes on.',
  'fix.fixedByProgramme':
    'This setting comes from the programme’s profile: it cannot be corrected here. Tell your coordinator.',
  'correct.open': 'Correct the destination',
  'correct.title': 'Correct this night’s destination',
  'correct.hint':
    'Type the right values: the night will go to the destination below, with the current storage settings.',
  'correct.to': 'New destination:',
  'correct.same': 'This night already goes there: nothing to correct.',
  'correct.willRemove':
    'This night already wrote {count} file(s) under {from}: they will be removed from the server (only those this night wrote, each checked by its checksum; its unfinished uploads aborted), then the night goes on at the new destination.',
  'correct.nothingToRemove':
    'This night has written nothing under {from} yet: it simply goes on at the new destination.',
  'correct.confirm': 'Correct and go on',
  'correct.confirmRemove': 'Remove the {count} file(s) and go on at the new destination',
  'correct.done':
    'Destination corrected: the night goes on at {to} ({count} file(s) to remove from the old one).',
  'correct.line': 'Destination corrected on {time}: it used to go to {from}.',
  'correct.lineSettings':
    'Destination corrected on {time} from the new settings (the night had sent nothing): it used to go to {from}.',
  'remove.open': 'Remove this deposit from the server',
  'remove.title': 'Remove this deposit from the server',
  'remove.confirm':
    'Remove from the server the {count} file(s) this night wrote under {place}? Only its own files are removed, each only while it still holds the bytes sent; its unfinished uploads are aborted. The card’s files are not touched. Then Depot forgets this night.',
  'remove.nothing':
    'This night wrote nothing under {place}: nothing to remove from the server; Depot will forget it.',
  'remove.yes': 'Remove {count} file(s) from the server',
  'removal.wholeProgress':
    'Removing from the server under {place}: {removed} removed, {pending} left.',
  'removal.oldProgress': 'Old destination {place}: {removed} file(s) removed, {pending} left.',
  'removal.notOurs':
    '{count} file(s) left in place: another object is now at their name, no longer this night’s.',
  'removal.denied':
    'The server refuses to delete: your key lacks the s3:DeleteObject permission. {count} file(s) stay under {place}. Ask your coordinator to remove them or to grant you that permission, then “Try the removal again”.',
  'removal.retry': 'Try the removal again',
  'removal.leave': 'Leave them on the server',
  'removal.leaveWhole': 'Leave them on the server and forget this night',
  'done.leftOut':
    '{count} file(s) not deposited by your choice: the server’s object was kept at their name (the manifest says so).',
  'card.checking': 'Checking the card…',
  'card.reusable':
    'You can reuse the card: its {count} recordings (every night, every file) are verified on the server.',
  'card.away':
    'The card is no longer readable ({dir}): put it back to know whether all its recordings are on the server before reusing it.',
  'card.notYet':
    'Do not reuse the card yet: {verified} of {count} recording(s) are verified on the server. Left:',
  'card.undated': 'undated',
  'card.nightNotDeposited': 'the night of {night}: {files} recording(s), not deposited yet',
  'card.notVerified':
    '{files} recording(s) of the night of {night}, not verified yet under {destination} (e.g. {examples})',
  'card.onlyOnCard':
    '{files} recording(s) the analysis left out (truncated, empty…), only on the card (e.g. {examples})',
  'conflict.compare': 'Compare and choose',
  'conflict.asking': 'Reading the server’s object…',
  'conflict.local': 'On the card',
  'conflict.server': 'On the server',
  'conflict.size': 'Size',
  'conflict.date': 'Date',
  'conflict.checksum': 'Checksum',
  'conflict.content.same': 'Same content (proved by the checksum the server computed), at:',
  'conflict.content.different':
    'Different content (proved by the checksum the server computed), at:',
  'conflict.content.unproven':
    'Content cannot be compared (an object uploaded by another tool), at:',
  'conflict.keep': 'Keep the server’s',
  'conflict.freeName': 'Deposit the card’s under {key}',
  'conflict.noFreeName': 'No free name under the night’s rule',
  'conflict.keepHint':
    'Keep the server’s: the card’s file is not deposited and the manifest says so. Nothing is ever overwritten.',
  'conflict.rule.before-extension':
    'Free name: -2, -3… added before the extension, the first nothing holds.',
  'conflict.rule.before-underscore':
    'Free name: -2, -3… added before the first “_” where the programme’s pattern accepts it, the first nothing holds.',
  'conflict.rule.none': 'The programme’s name pattern accepts no suffix: no free name is possible.',
  'conflict.keptSaid': 'Choice recorded: the server’s object is kept, {path} is not deposited.',
  'conflict.renamedSaid': 'Choice recorded: {path} will be deposited under {key}.',
  'conflict.goneSaid':
    'The other object is no longer on the server: {path} is deposited under its name.',
  'status.engineSilent':
    'The engine has not answered for {seconds} s: the figures shown no longer move. If it does not come back, restart Depot; deposits go on where they were.',
  'status.several': '{count} nights depositing —',
  'status.nightSays': '{night}: {text}',
  'status.removing': 'Removing from the server: {pending} file(s) left',
  'new.deposits.title': 'This card already has a deposit',
  'new.deposits.done':
    'Night of {night}: deposited and verified under {destination} on {since} ({files} file(s) of this folder).',
  'new.deposits.going':
    'Night of {night}: {state}, under {destination}, started on {since} ({files} file(s) of this folder).',
  'new.deposits.open': 'Open this deposit',
  'new.deposits.correct': 'Correct its destination',
  'new.deposits.copy':
    'Deposit a copy elsewhere anyway (a second deposit of this card, besides the first)',
  'new.contradiction':
    'You typed the night of {typed}, but the recordings are from the night of {recorded}.',
  'new.contradiction.keep': 'Deposit under {typed} anyway',
  'new.contradiction.take': 'Take {recorded}',
  'new.nightOption.one': '{night} ({files} file)',
  'new.change.removedOnServer': '(its copy stays on the server)',
  'new.change.removedNotSent': '(it had not been sent)',
  'new.change.changedOnServer':
    '(already deposited: if its content changed, you will choose which version to keep)',
  'reason.card-deposited':
    'This card is already deposited by another night, under {destination}: open it or correct its destination, or tick “Deposit a copy elsewhere anyway”.',
  'reason.destination-taken':
    'Another deposit of this folder already goes there (night no. {planId}): open it instead.',
  'reason.card-away':
    'The card is not readable ({dir}): put it back, the files’ names are made again from the recordings.',
  'reason.server-unanswered':
    'The server could not be asked now (network): nothing was decided, try again.',
  'reason.server-refused':
    'The server refused the question (answer {status}): nothing was decided.',
  'reason.being-removed':
    'This night is being removed from the server: nothing else can be asked of it.',
  'reason.not-settleable':
    'This file has no conflict to settle any more, or the night’s rule finds no free name.',
  'settings.notSavedProblem': 'Settings not saved: correct the field shown first.',
  'settings.testedUnsaved':
    'These values were tested without being saved: click “Save” to keep them.',
  'diag.outcome.waits': 'waiting: {reason}, the file will be tried again',
  'unit.wrongAddress': 'Not deposited: wrong storage address',
} as const satisfies Messages;
