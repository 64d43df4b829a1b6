/** The public face of script/: what other folders may use. */
export { EditionHost } from './edition/EditionHost';
export { ThemeBackdrop } from './edition/ThemeBackdrop';
export { SCRIPT_SCHEMA_URL } from './edition/editionChoices';
export { openEditionPicker } from './edition/editionStore';
export { FabledLayer } from './fabled/FabledLayer';
export { bluffsVisible } from './fabled/fabledRules';
export { openFabledDialog } from './fabled/fabledStore';
export { currentNightKind, nightOrder, nightPlaces } from './nightorder/nightOrder';
export { useNightOrderStore } from './nightorder/nightOrderStore';
export { SideTabs } from './sheet/SideTabs';
export { usePlayerSettings } from './sheet/playerSettings';
export { editionRoles } from './sheet/sheetData';
export { cycleTab, nightTabNow, showsNightOrder, showsSheet } from './sheet/sideTabs';
