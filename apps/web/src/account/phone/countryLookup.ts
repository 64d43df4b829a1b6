import type { Country } from './countries';

/** Older or alternative names browsers report for zones the list names differently. */
const ZONE_ALIASES: Readonly<Record<string, string>> = {
  'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  'America/Godthab': 'America/Nuuk',
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Dacca': 'Asia/Dhaka',
  'Asia/Istanbul': 'Europe/Istanbul',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Macao': 'Asia/Macau',
  'Asia/Rangoon': 'Asia/Yangon',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Asia/Thimbu': 'Asia/Thimphu',
  'Asia/Ulan_Bator': 'Asia/Ulaanbaatar',
  'Africa/Asmera': 'Africa/Asmara',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'Europe/Kiev': 'Europe/Kyiv',
  'Europe/Nicosia': 'Asia/Nicosia',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  'Pacific/Samoa': 'Pacific/Pago_Pago',
  'US/Eastern': 'America/New_York',
};

/** Further zones of countries that span several, so their people are recognised too. */
const MORE_ZONES: Readonly<Record<string, readonly string[]>> = {
  US: [
    'America/Chicago',
    'America/Denver',
    'America/Phoenix',
    'America/Los_Angeles',
    'America/Anchorage',
    'America/Adak',
    'America/Boise',
    'America/Detroit',
    'America/Indiana/Indianapolis',
    'America/Kentucky/Louisville',
    'America/Juneau',
    'Pacific/Honolulu',
    'US/Central',
    'US/Mountain',
    'US/Pacific',
  ],
  CA: [
    'America/Vancouver',
    'America/Edmonton',
    'America/Winnipeg',
    'America/Regina',
    'America/Halifax',
    'America/St_Johns',
    'America/Moncton',
    'America/Montreal',
    'America/Whitehorse',
    'America/Iqaluit',
  ],
  AU: [
    'Australia/Melbourne',
    'Australia/Brisbane',
    'Australia/Adelaide',
    'Australia/Perth',
    'Australia/Hobart',
    'Australia/Darwin',
    'Australia/Canberra',
  ],
  BR: [
    'America/Manaus',
    'America/Bahia',
    'America/Fortaleza',
    'America/Recife',
    'America/Belem',
    'America/Cuiaba',
    'America/Campo_Grande',
    'America/Porto_Velho',
    'America/Rio_Branco',
    'America/Noronha',
  ],
  RU: [
    'Europe/Kaliningrad',
    'Europe/Samara',
    'Europe/Volgograd',
    'Asia/Yekaterinburg',
    'Asia/Omsk',
    'Asia/Novosibirsk',
    'Asia/Krasnoyarsk',
    'Asia/Irkutsk',
    'Asia/Yakutsk',
    'Asia/Vladivostok',
    'Asia/Magadan',
    'Asia/Kamchatka',
  ],
  MX: [
    'America/Cancun',
    'America/Merida',
    'America/Monterrey',
    'America/Chihuahua',
    'America/Mazatlan',
    'America/Hermosillo',
    'America/Tijuana',
  ],
  AR: ['America/Argentina/Cordoba', 'America/Argentina/Mendoza', 'America/Cordoba', 'America/Mendoza'],
  CL: ['America/Punta_Arenas', 'Pacific/Easter'],
  CN: ['Asia/Urumqi', 'Asia/Chongqing', 'Asia/Harbin'],
  CD: ['Africa/Lubumbashi'],
  CY: ['Asia/Famagusta'],
  DE: ['Europe/Busingen'],
  EC: ['Pacific/Galapagos'],
  ES: ['Atlantic/Canary', 'Africa/Ceuta'],
  FM: ['Pacific/Chuuk', 'Pacific/Kosrae', 'Pacific/Truk'],
  GL: ['America/Danmarkshavn', 'America/Scoresbysund', 'America/Thule'],
  ID: ['Asia/Makassar', 'Asia/Jayapura', 'Asia/Pontianak'],
  KI: ['Pacific/Kanton', 'Pacific/Enderbury', 'Pacific/Kiritimati'],
  KZ: ['Asia/Qyzylorda', 'Asia/Aqtobe', 'Asia/Aqtau', 'Asia/Oral', 'Asia/Atyrau', 'Asia/Qostanay'],
  MN: ['Asia/Hovd', 'Asia/Choibalsan'],
  MY: ['Asia/Kuching'],
  NZ: ['Pacific/Chatham'],
  PF: ['Pacific/Marquesas', 'Pacific/Gambier'],
  PG: ['Pacific/Bougainville'],
  PS: ['Asia/Hebron'],
  PT: ['Atlantic/Madeira', 'Atlantic/Azores'],
  UA: ['Europe/Uzhgorod', 'Europe/Zaporozhye'],
  UZ: ['Asia/Samarkand'],
};

/** Where two entries share a zone, the one it belongs to in the IANA zone table wins. */
const ZONE_OWNERS: Readonly<Record<string, string>> = { 'Europe/Belgrade': 'RS' };

const zonesOf = (country: Country): readonly string[] => [country.timezone, ...(MORE_ZONES[country.code] ?? [])];

/** The region of a locale tag such as `en-GB` or `pt-BR`, upper-cased; undefined without one. */
export const regionOf = (locale: string): string | undefined => {
  const region = locale.split(/[-_]/).find((part, index) => index > 0 && /^[a-z]{2}$/i.test(part));
  return region?.toUpperCase();
};

/**
 * The countries whose timezone is `timeZone` (as Intl reports it), owner first. Ambiguity among
 * several is left to the caller.
 */
export const countriesForTimeZone = (countries: readonly Country[], timeZone: string | undefined): Country[] => {
  if (!timeZone) return [];
  const zone = ZONE_ALIASES[timeZone] ?? timeZone;
  const owner = ZONE_OWNERS[zone];
  return countries
    .filter((country) => zonesOf(country).includes(zone))
    .sort((a, b) => Number(b.code === owner) - Number(a.code === owner));
};

/**
 * The country to preselect: the one whose timezone matches the browser's (a locale's region
 * decides between several sharing it); without a match, the region of the first locale that has
 * one; else undefined.
 */
export const preselectCountry = (
  countries: readonly Country[],
  timeZone: string | undefined,
  locales: readonly string[] = [],
): Country | undefined => {
  const regions = locales.map(regionOf).filter((region): region is string => Boolean(region));
  const matches = countriesForTimeZone(countries, timeZone);
  const byRegion = matches.find((country) => regions.includes(country.code));
  if (byRegion ?? matches[0]) return byRegion ?? matches[0];
  for (const region of regions) {
    const country = countries.find((candidate) => candidate.code === region);
    if (country) return country;
  }
  return undefined;
};
