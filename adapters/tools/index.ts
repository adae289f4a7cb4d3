import type { AnyTool, ToolDefinition } from "../../domain/tool.ts";
import { clientOnlyTools } from "./client-only/client-only-tools.ts";
import { hashText } from "./crypto/hash-text.ts";
import { jsonFormatter } from "./json-data/json-formatter.ts";
import { hmacGenerator } from "./crypto/hmac-generator.ts";
import { bcryptHash } from "./crypto/bcrypt-hash.ts";
import { bcryptVerify } from "./crypto/bcrypt-verify.ts";
import { pbkdf2Derive } from "./crypto/pbkdf2-derive.ts";
import { aesEncrypt } from "./crypto/aes-encrypt.ts";
import { aesDecrypt } from "./crypto/aes-decrypt.ts";
import { rsaKeyPairGenerator } from "./crypto/rsa-key-pair-generator.ts";
import { jwtDecode } from "./crypto/jwt-decode.ts";
import { jwtSign } from "./crypto/jwt-sign.ts";
import { jwtVerify } from "./crypto/jwt-verify.ts";
import { totpGenerator } from "./crypto/totp-generator.ts";
import { passwordStrength } from "./crypto/password-strength.ts";
import { bip39Mnemonic } from "./crypto/bip39-mnemonic.ts";
import { base64Encode } from "./encoding/base64-encode.ts";
import { base64Decode } from "./encoding/base64-decode.ts";
import { urlEncode } from "./encoding/url-encode.ts";
import { urlDecode } from "./encoding/url-decode.ts";
import { htmlEntitiesEncode } from "./encoding/html-entities-encode.ts";
import { htmlEntitiesDecode } from "./encoding/html-entities-decode.ts";
import { textToBinary } from "./encoding/text-to-binary.ts";
import { binaryToText } from "./encoding/binary-to-text.ts";
import { punycodeConverter } from "./encoding/punycode-converter.ts";
import { textToUnicodeEscapes } from "./encoding/text-to-unicode-escapes.ts";
import { caseConverter } from "./text/case-converter.ts";
import { slugify } from "./text/slugify.ts";
import { textStatistics } from "./text/text-statistics.ts";
import { textDiff } from "./text/text-diff.ts";
import { numeronymGenerator } from "./text/numeronym-generator.ts";
import { stringObfuscator } from "./text/string-obfuscator.ts";
import { asciiArtText } from "./text/ascii-art-text.ts";
import { listConverter } from "./text/list-converter.ts";
import { textToNatoAlphabet } from "./text/text-to-nato-alphabet.ts";
import { emojiSearch } from "./text/emoji-search.ts";
import { jsonMinify } from "./json-data/json-minify.ts";
import { jsonToYaml } from "./json-data/json-to-yaml.ts";
import { yamlToJson } from "./json-data/yaml-to-json.ts";
import { jsonToToml } from "./json-data/json-to-toml.ts";
import { tomlToJson } from "./json-data/toml-to-json.ts";
import { jsonToXml } from "./json-data/json-to-xml.ts";
import { xmlToJson } from "./json-data/xml-to-json.ts";
import { jsonToCsv } from "./json-data/json-to-csv.ts";
import { csvToJson } from "./json-data/csv-to-json.ts";
import { jsonDiff } from "./json-data/json-diff.ts";
import { xmlFormatter } from "./json-data/xml-formatter.ts";
import { integerBaseConverter } from "./conversion/integer-base-converter.ts";
import { numberToRoman } from "./conversion/number-to-roman.ts";
import { romanToNumber } from "./conversion/roman-to-number.ts";
import { temperatureConverter } from "./conversion/temperature-converter.ts";
import { colorConverter } from "./conversion/color-converter.ts";
import { unitConverter } from "./conversion/unit-converter.ts";
import { dataSizeConverter } from "./conversion/data-size-converter.ts";
import { floatIeee754Converter } from "./conversion/float-ieee754-converter.ts";
import { ipv4SubnetCalculator } from "./network-calc/ipv4-subnet-calculator.ts";
import { ipv6SubnetCalculator } from "./network-calc/ipv6-subnet-calculator.ts";
import { ipv4AddressConverter } from "./network-calc/ipv4-address-converter.ts";
import { ipRangeToCidr } from "./network-calc/ip-range-to-cidr.ts";
import { ipAddressInfo } from "./network-calc/ip-address-info.ts";
import { macAddressLookup } from "./network-calc/mac-address-lookup.ts";
import { ipv6UlaGenerator } from "./network-calc/ipv6-ula-generator.ts";
import { timestampConverter } from "./date-time/timestamp-converter.ts";
import { timezoneConverter } from "./date-time/timezone-converter.ts";
import { dateDiff } from "./date-time/date-diff.ts";
import { cronDescribe } from "./date-time/cron-describe.ts";
import { cronNextRuns } from "./date-time/cron-next-runs.ts";
import { etaCalculator } from "./date-time/eta-calculator.ts";
import { uuidGenerator } from "./generators/uuid-generator.ts";
import { ulidGenerator } from "./generators/ulid-generator.ts";
import { nanoidGenerator } from "./generators/nanoid-generator.ts";
import { tokenGenerator } from "./generators/token-generator.ts";
import { loremIpsumGenerator } from "./generators/lorem-ipsum-generator.ts";
import { randomPortGenerator } from "./generators/random-port-generator.ts";
import { macAddressGenerator } from "./generators/mac-address-generator.ts";
import { urlParser } from "./web/url-parser.ts";
import { queryStringToJson } from "./web/query-string-to-json.ts";
import { userAgentParser } from "./web/user-agent-parser.ts";
import { httpStatusCode } from "./web/http-status-code.ts";
import { mimeTypeLookup } from "./web/mime-type-lookup.ts";
import { markdownToHtml } from "./web/markdown-to-html.ts";
import { metaTagGenerator } from "./web/meta-tag-generator.ts";
import { basicAuthGenerator } from "./web/basic-auth-generator.ts";
import { safelinkDecoder } from "./web/safelink-decoder.ts";
import { mathEvaluator } from "./math/math-evaluator.ts";
import { percentageCalculator } from "./math/percentage-calculator.ts";
import { aspectRatioCalculator } from "./math/aspect-ratio-calculator.ts";
import { emailValidator } from "./validation/email-validator.ts";
import { emailNormalizer } from "./validation/email-normalizer.ts";
import { ibanValidator } from "./validation/iban-validator.ts";
import { phoneNumberParser } from "./validation/phone-number-parser.ts";
import { luhnValidator } from "./validation/luhn-validator.ts";
import { jsonSchemaValidator } from "./validation/json-schema-validator.ts";
import { qrCodeGenerator } from "./images-qr/qr-code-generator.ts";
import { wifiQrCodeGenerator } from "./images-qr/wifi-qr-code-generator.ts";
import { svgPlaceholderGenerator } from "./images-qr/svg-placeholder-generator.ts";
import { barcodeGenerator } from "./images-qr/barcode-generator.ts";
import { chmodCalculator } from "./dev/chmod-calculator.ts";
import { regexTester } from "./dev/regex-tester.ts";
import { dockerRunToCompose } from "./dev/docker-run-to-compose.ts";
import { sqlFormatter } from "./dev/sql-formatter.ts";
import { semverChecker } from "./dev/semver-checker.ts";
import { uuidInspector } from "./dev/uuid-inspector.ts";

/** Every server tool, in catalog order within each category. */
export const serverTools: readonly ToolDefinition[] = [
  hashText,
  hmacGenerator,
  bcryptHash,
  bcryptVerify,
  pbkdf2Derive,
  aesEncrypt,
  aesDecrypt,
  rsaKeyPairGenerator,
  jwtDecode,
  jwtSign,
  jwtVerify,
  totpGenerator,
  passwordStrength,
  bip39Mnemonic,
  base64Encode,
  base64Decode,
  urlEncode,
  urlDecode,
  htmlEntitiesEncode,
  htmlEntitiesDecode,
  textToBinary,
  binaryToText,
  punycodeConverter,
  textToUnicodeEscapes,
  caseConverter,
  slugify,
  textStatistics,
  textDiff,
  numeronymGenerator,
  stringObfuscator,
  asciiArtText,
  listConverter,
  textToNatoAlphabet,
  emojiSearch,
  jsonFormatter,
  jsonMinify,
  jsonToYaml,
  yamlToJson,
  jsonToToml,
  tomlToJson,
  jsonToXml,
  xmlToJson,
  jsonToCsv,
  csvToJson,
  jsonDiff,
  xmlFormatter,
  integerBaseConverter,
  numberToRoman,
  romanToNumber,
  temperatureConverter,
  colorConverter,
  unitConverter,
  dataSizeConverter,
  floatIeee754Converter,
  ipv4SubnetCalculator,
  ipv6SubnetCalculator,
  ipv4AddressConverter,
  ipRangeToCidr,
  ipAddressInfo,
  macAddressLookup,
  ipv6UlaGenerator,
  timestampConverter,
  timezoneConverter,
  dateDiff,
  cronDescribe,
  cronNextRuns,
  etaCalculator,
  uuidGenerator,
  ulidGenerator,
  nanoidGenerator,
  tokenGenerator,
  loremIpsumGenerator,
  randomPortGenerator,
  macAddressGenerator,
  urlParser,
  queryStringToJson,
  userAgentParser,
  httpStatusCode,
  mimeTypeLookup,
  markdownToHtml,
  metaTagGenerator,
  basicAuthGenerator,
  safelinkDecoder,
  mathEvaluator,
  percentageCalculator,
  aspectRatioCalculator,
  emailValidator,
  emailNormalizer,
  ibanValidator,
  phoneNumberParser,
  luhnValidator,
  jsonSchemaValidator,
  qrCodeGenerator,
  wifiQrCodeGenerator,
  svgPlaceholderGenerator,
  barcodeGenerator,
  chmodCalculator,
  regexTester,
  dockerRunToCompose,
  sqlFormatter,
  semverChecker,
  uuidInspector,
];

/** The whole catalog: server tools, then the client-only ones. */
export const tools: readonly AnyTool[] = [...serverTools, ...clientOnlyTools];
