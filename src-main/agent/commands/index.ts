/** The command table: every command the renderer may invoke, nothing else. */
import { apiCall, listPoll } from './api';
import { appInfo, appLog, appOpenLogFolder, appTakeLink } from './app';
import { authLogin, authLogout, authResend, authVerify } from './auth';
import type { CommandTable } from './define';
import { COMPUTE_COMMANDS } from './compute';
import { IDENTITY_COMMANDS } from './identity';
import { INFRA_COMMANDS } from './infra';
import { sandboxMail, sandboxStart } from './sandbox';
import { SKILLS_COMMANDS } from './skills';
import { ROLLOUTS_COMMANDS } from './rollouts';
import { streamClose, streamOpen } from './streams';
import {
  zonesAdd,
  zonesExport,
  zonesForgetWords,
  zonesImport,
  zonesLearnWord,
  zonesList,
  zonesRemove,
  zonesUpdate,
} from './zones';
import { shapesUnread } from './shapes';
import { dictionaryChoose, dictionaryNote, dictionaryReset, dictionarySurvey } from './dictionary';
import { journalExport, journalList } from './journal';
import { zonesHealth } from './zone-health';
import { settingsGet, settingsUpdate } from './settings';

export const COMMANDS: CommandTable = {
  'app.info': appInfo,
  'app.openLogFolder': appOpenLogFolder,
  'app.log': appLog,
  'app.takeLink': appTakeLink,
  'zones.list': zonesList,
  'zones.add': zonesAdd,
  'zones.update': zonesUpdate,
  'zones.remove': zonesRemove,
  'zones.forgetWords': zonesForgetWords,
  'zones.learnWord': zonesLearnWord,
  'shapes.unread': shapesUnread,
  'dictionary.note': dictionaryNote,
  'dictionary.choose': dictionaryChoose,
  'dictionary.reset': dictionaryReset,
  'dictionary.survey': dictionarySurvey,
  'zones.export': zonesExport,
  'zones.import': zonesImport,
  'zones.health': zonesHealth,
  'auth.login': authLogin,
  'auth.verify': authVerify,
  'auth.resend': authResend,
  'auth.logout': authLogout,
  'api.call': apiCall,
  'list.poll': listPoll,
  'sandbox.start': sandboxStart,
  'sandbox.mail': sandboxMail,
  'stream.open': streamOpen,
  'stream.close': streamClose,
  'journal.list': journalList,
  'journal.export': journalExport,
  'settings.get': settingsGet,
  'settings.update': settingsUpdate,
  ...IDENTITY_COMMANDS,
  ...INFRA_COMMANDS,
  ...COMPUTE_COMMANDS,
  ...SKILLS_COMMANDS,
  ...ROLLOUTS_COMMANDS,
};
