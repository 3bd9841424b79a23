import type { Faker } from '@faker-js/faker';

/**
 * Values that fit a string field's name when its schema says no more than "a string" (no format,
 * pattern or enum): a phone number for `phone`, a URL for `website`, a city for `city`. A reader
 * of the mock's data (or a server reading the runner's) then sees plausible values, as the
 * Petstore's seeded data are (issue 21 item 8). The schema's own keywords still win: the caller
 * fits the result to minLength / maxLength, and a format or pattern is never replaced by a name.
 */

type Make = (faker: Faker) => string;

/** Exact (normalised) names. */
const EXACT: ReadonlyMap<string, Make> = new Map<string, Make>([
  ...names(
    [
      'phone',
      'phonenumber',
      'telephone',
      'tel',
      'mobile',
      'mobilephone',
      'mobilenumber',
      'cell',
      'cellphone',
      'fax',
      'faxnumber',
    ],
    (f) => f.phone.number({ style: 'international' }),
  ),
  ...names(['email', 'emailaddress', 'mail', 'contactemail', 'billingemail', 'useremail'], (f) => f.internet.email()),
  ...names(
    [
      'url',
      'uri',
      'website',
      'href',
      'link',
      'homepage',
      'webpage',
      'site',
      'callbackurl',
      'redirecturi',
      'redirecturl',
      'webhookurl',
      'imageurl',
      'avatarurl',
      'photourl',
    ],
    (f) => f.internet.url(),
  ),
  ...names(['tag', 'tags', 'label', 'labels', 'keyword', 'keywords', 'category', 'categories'], (f) => f.word.noun()),
  ...names(['firstname', 'givenname', 'forename'], (f) => f.person.firstName()),
  ...names(['lastname', 'surname', 'familyname'], (f) => f.person.lastName()),
  ...names(['middlename'], (f) => f.person.middleName()),
  ...names(['name', 'fullname', 'displayname', 'contactname', 'personname', 'customername', 'recipientname'], (f) =>
    f.person.fullName(),
  ),
  ...names(['username', 'login', 'handle', 'nickname', 'screenname'], (f) => f.internet.username()),
  ...names(['city', 'town', 'locality'], (f) => f.location.city()),
  ...names(['country', 'countryname'], (f) => f.location.country()),
  ...names(['countrycode', 'iso2', 'countryiso'], (f) => f.location.countryCode()),
  ...names(['zip', 'zipcode', 'postalcode', 'postcode', 'postal'], (f) => f.location.zipCode()),
  ...names(['state', 'province', 'region', 'county'], (f) => f.location.state()),
  ...names(['street', 'address', 'addressline1', 'address1', 'streetaddress', 'line1'], (f) =>
    f.location.streetAddress(),
  ),
  ...names(['addressline2', 'address2', 'line2'], (f) => f.location.secondaryAddress()),
  ...names(['currency', 'currencycode'], (f) => f.finance.currencyCode()),
  ...names(['company', 'companyname', 'organization', 'organisation', 'organizationname', 'employer'], (f) =>
    f.company.name(),
  ),
  ...names(['jobtitle', 'position', 'role'], (f) => f.person.jobTitle()),
  ...names(
    ['description', 'message', 'summary', 'bio', 'comment', 'comments', 'note', 'notes', 'text', 'body', 'reason'],
    (f) => englishSentence(f),
  ),
  ...names(['title', 'subject', 'headline', 'caption'], (f) => englishTitle(f)),
  ...names(['color', 'colour'], (f) => f.color.human()),
  ...names(['timezone', 'tz', 'timezonename'], (f) => f.location.timeZone()),
  ...names(['locale', 'language', 'lang', 'languagecode'], (f) => f.helpers.arrayElement(['en', 'en-US', 'en-GB'])),
  ...names(['ip', 'ipaddress', 'clientip', 'remoteip'], (f) => f.internet.ipv4()),
  ...names(['mac', 'macaddress'], (f) => f.internet.mac()),
  ...names(['domain', 'domainname', 'host', 'hostname'], (f) => f.internet.domainName()),
  ...names(['password', 'passphrase'], (f) => f.internet.password({ length: 14 })),
  ...names(['slug'], (f) => `${f.word.adjective()}-${f.word.noun()}`.toLowerCase().replace(/[^a-z0-9-]+/g, '-')),
  ...names(['version', 'apiversion'], (f) => f.system.semver()),
  ...names(['filename', 'file'], (f) => f.system.fileName()),
  ...names(['mimetype', 'contenttype', 'mediatype'], (f) => f.system.mimeType()),
  ...names(['iban'], (f) => f.finance.iban()),
  ...names(['sha', 'hash', 'checksum', 'etag'], (f) =>
    f.string.hexadecimal({ length: 40, casing: 'lower', prefix: '' }),
  ),
  ...names(['token', 'secret', 'apikey', 'key', 'accesstoken', 'refreshtoken'], (f) => f.string.alphanumeric(32)),
  ...names(['id', 'uid', 'guid', 'identifier'], (f) => f.string.alphanumeric(16)),
]);

function names(list: readonly string[], make: Make): Array<[string, Make]> {
  return list.map((n) => [n, make]);
}

/**
 * Sentences in plain English from faker's `en` word lists, never lorem ipsum: a reader of the
 * mock's data sees text that reads as text. Only `en` data (faker's own `hacker.phrase` templates
 * also need its `base` locale, which a faker built from `en` alone lacks). The schema's own
 * examples win over these.
 */
const SENTENCES: readonly string[] = [
  'We need to {{hacker.verb}} the {{hacker.adjective}} {{hacker.noun}}.',
  'Try to {{hacker.verb}} the {{hacker.noun}}, then {{hacker.verb}} the {{word.adjective}} {{word.noun}}.',
  'The {{hacker.adjective}} {{hacker.noun}} is ready once we {{hacker.verb}} the {{word.noun}}.',
  "You can't {{hacker.verb}} the {{hacker.noun}} without {{hacker.ingverb}} the {{hacker.adjective}} {{hacker.noun}}.",
  '{{hacker.ingverb}} the {{word.adjective}} {{word.noun}} will {{hacker.verb}} the {{hacker.noun}}.',
];

export function englishSentence(faker: Faker): string {
  return capitalised(faker.helpers.fake(faker.helpers.arrayElement(SENTENCES)));
}

/** An adjective and a noun, capitalised: `Sturdy lamp`. */
export function englishTitle(faker: Faker): string {
  return capitalised(`${faker.word.adjective()} ${faker.word.noun()}`);
}

/** One English word (a noun), for values that only need to be a word. */
export function englishWord(faker: Faker): string {
  return faker.word.noun();
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The words of a field name: `billing_email` → billing, email; `phoneNumber` → phone, number; `ID` → id. */
export function nameWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== '');
}

const PEOPLE = new Set([
  'user',
  'person',
  'people',
  'contact',
  'customer',
  'owner',
  'member',
  'author',
  'employee',
  'recipient',
  'sender',
  'account',
  'profile',
  'admin',
  'student',
  'teacher',
  'patient',
  'guest',
  'buyer',
  'seller',
  'signer',
  'assignee',
  'reviewer',
  'creator',
  'actor',
  'player',
]);
const PETS = new Set(['pet', 'animal', 'dog', 'cat']);
const COMPANIES = new Set([
  'company',
  'organization',
  'organisation',
  'org',
  'business',
  'merchant',
  'vendor',
  'supplier',
  'tenant',
  'workspace',
]);
const FILES = new Set(['file', 'document', 'attachment', 'upload', 'image', 'photo']);

/** The singular of a word, as far as field names need it (`tags` → tag, `categories` → category). */
function singular(word: string): string {
  if (/ies$/.test(word)) return `${word.slice(0, -3)}y`;
  if (/(ss|us)$/.test(word)) return word;
  return word.replace(/s$/, '');
}

/**
 * The `name` of a record, by what the record is (its component name, else its field's): a
 * person's full name, a pet's name, a company's, a file's; else a thing's name (`Tag` → a noun).
 */
function recordName(owner: readonly string[], faker: Faker): string {
  const what = singular(owner[owner.length - 1] ?? '');
  if (PETS.has(what)) return faker.animal.petName();
  if (COMPANIES.has(what)) return faker.company.name();
  if (FILES.has(what)) return faker.system.fileName();
  if (what === 'city') return faker.location.city();
  if (what === 'country') return faker.location.country();
  if (PEOPLE.has(what) || owner.length === 0) return faker.person.fullName();
  return capitalised(faker.word.noun());
}

/** Last words that mean a time (`created_at`, `updatedAt`): an RFC 3339 date-time, as the formats write one. */
const TIME_WORDS = new Set(['at', 'timestamp', 'datetime']);

/**
 * A string that fits the field's name, or undefined when the name says nothing known. The whole
 * name first, then its last two words, then its last word (`billing_email` is an email,
 * `contact_phone_number` a phone number, `owner_id` an identifier).
 */
export function namedString(name: string, faker: Faker, record?: string): string | undefined {
  const words = nameWords(name);
  if (words.length === 0) return undefined;
  const last = words[words.length - 1] ?? '';
  // A bare `name` / `title` of a record (its component's name, else its field's): what the record is says.
  const owner = record !== undefined && words.length === 1 ? nameWords(record) : [];
  if (last === 'name' && owner.length > 0) return recordName(owner, faker);
  if (last === 'title' && owner.length > 0)
    return PEOPLE.has(singular(owner[owner.length - 1] ?? '')) ? faker.person.jobTitle() : englishTitle(faker);
  for (const key of [words.join(''), words.slice(-2).join(''), last, singular(last)]) {
    const make = EXACT.get(key);
    if (make) return make(faker);
  }
  if (TIME_WORDS.has(words[words.length - 1] ?? ''))
    return faker.date
      .between({ from: Date.UTC(2025, 0, 1), to: Date.UTC(2026, 11, 31) })
      .toISOString()
      .replace(/\.\d{3}Z$/, 'Z');
  return undefined;
}
