import { clientOnlyTools } from "./client-only/client-only-tools.js";
import { hashText } from "./crypto/hash-text.js";
import { jsonFormatter } from "./json/json-formatter.js";
import { hmacGenerator } from "./crypto/hmac-generator.js";
import { bcryptHash } from "./crypto/bcrypt-hash.js";
import { bcryptVerify } from "./crypto/bcrypt-verify.js";
import { pbkdf2Derive } from "./crypto/pbkdf2-derive.js";
import { aesEncrypt } from "./crypto/aes-encrypt.js";
import { aesDecrypt } from "./crypto/aes-decrypt.js";
import { rsaKeyPairGenerator } from "./crypto/rsa-key-pair-generator.js";
import { jwtDecode } from "./crypto/jwt-decode.js";
import { jwtSign } from "./crypto/jwt-sign.js";
import { jwtVerify } from "./crypto/jwt-verify.js";
import { totpGenerator } from "./crypto/totp-generator.js";
import { passwordStrength } from "./crypto/password-strength.js";
import { bip39Mnemonic } from "./crypto/bip39-mnemonic.js";
import { base64Encode } from "./encoding/base64-encode.js";
import { base64Decode } from "./encoding/base64-decode.js";
import { urlEncode } from "./encoding/url-encode.js";
import { urlDecode } from "./encoding/url-decode.js";
import { htmlEntitiesEncode } from "./encoding/html-entities-encode.js";
import { htmlEntitiesDecode } from "./encoding/html-entities-decode.js";
import { textToBinary } from "./encoding/text-to-binary.js";
import { binaryToText } from "./encoding/binary-to-text.js";
import { punycodeConverter } from "./encoding/punycode-converter.js";
import { textToUnicodeEscapes } from "./encoding/text-to-unicode-escapes.js";
import { caseConverter } from "./text/case-converter.js";
import { slugify } from "./text/slugify.js";
import { textStatistics } from "./text/text-statistics.js";
import { textDiff } from "./text/text-diff.js";
import { numeronymGenerator } from "./text/numeronym-generator.js";
import { stringObfuscator } from "./text/string-obfuscator.js";
import { asciiArtText } from "./text/ascii-art-text.js";
import { listConverter } from "./text/list-converter.js";
import { textToNatoAlphabet } from "./text/text-to-nato-alphabet.js";
import { emojiSearch } from "./text/emoji-search.js";
import { jsonMinify } from "./json/json-minify.js";
import { jsonToYaml } from "./json/json-to-yaml.js";
import { yamlToJson } from "./json/yaml-to-json.js";
import { jsonToToml } from "./json/json-to-toml.js";
import { tomlToJson } from "./json/toml-to-json.js";
import { jsonToXml } from "./json/json-to-xml.js";
import { xmlToJson } from "./json/xml-to-json.js";
import { jsonToCsv } from "./json/json-to-csv.js";
import { csvToJson } from "./json/csv-to-json.js";
import { jsonDiff } from "./json/json-diff.js";
import { xmlFormatter } from "./json/xml-formatter.js";
import { integerBaseConverter } from "./conversion/integer-base-converter.js";
import { numberToRoman } from "./conversion/number-to-roman.js";
import { romanToNumber } from "./conversion/roman-to-number.js";
import { temperatureConverter } from "./conversion/temperature-converter.js";
import { colorConverter } from "./conversion/color-converter.js";
import { unitConverter } from "./conversion/unit-converter.js";
import { dataSizeConverter } from "./conversion/data-size-converter.js";
import { floatIeee754Converter } from "./conversion/float-ieee754-converter.js";
import { ipv4SubnetCalculator } from "./network-calc/ipv4-subnet-calculator.js";
import { ipv6SubnetCalculator } from "./network-calc/ipv6-subnet-calculator.js";
import { ipv4AddressConverter } from "./network-calc/ipv4-address-converter.js";
import { ipRangeToCidr } from "./network-calc/ip-range-to-cidr.js";
import { ipAddressInfo } from "./network-calc/ip-address-info.js";
import { macAddressLookup } from "./network-calc/mac-address-lookup.js";
import { ipv6UlaGenerator } from "./network-calc/ipv6-ula-generator.js";
import { timestampConverter } from "./date-time/timestamp-converter.js";
import { timezoneConverter } from "./date-time/timezone-converter.js";
import { dateDiff } from "./date-time/date-diff.js";
import { cronDescribe } from "./date-time/cron-describe.js";
import { cronNextRuns } from "./date-time/cron-next-runs.js";
import { etaCalculator } from "./date-time/eta-calculator.js";
import { uuidGenerator } from "./generators/uuid-generator.js";
import { ulidGenerator } from "./generators/ulid-generator.js";
import { nanoidGenerator } from "./generators/nanoid-generator.js";
import { tokenGenerator } from "./generators/token-generator.js";
import { loremIpsumGenerator } from "./generators/lorem-ipsum-generator.js";
import { randomPortGenerator } from "./generators/random-port-generator.js";
import { macAddressGenerator } from "./generators/mac-address-generator.js";
import { urlParser } from "./web/url-parser.js";
import { queryStringToJson } from "./web/query-string-to-json.js";
import { userAgentParser } from "./web/user-agent-parser.js";
import { httpStatusCode } from "./web/http-status-code.js";
import { mimeTypeLookup } from "./web/mime-type-lookup.js";
import { markdownToHtml } from "./web/markdown-to-html.js";
import { metaTagGenerator } from "./web/meta-tag-generator.js";
import { basicAuthGenerator } from "./web/basic-auth-generator.js";
import { safelinkDecoder } from "./web/safelink-decoder.js";
import { mathEvaluator } from "./math/math-evaluator.js";
import { percentageCalculator } from "./math/percentage-calculator.js";
import { aspectRatioCalculator } from "./math/aspect-ratio-calculator.js";
import { emailValidator } from "./validation/email-validator.js";
import { emailNormalizer } from "./validation/email-normalizer.js";
import { ibanValidator } from "./validation/iban-validator.js";
import { phoneNumberParser } from "./validation/phone-number-parser.js";
import { luhnValidator } from "./validation/luhn-validator.js";
import { jsonSchemaValidator } from "./validation/json-schema-validator.js";
import { qrCodeGenerator } from "./images/qr-code-generator.js";
import { wifiQrCodeGenerator } from "./images/wifi-qr-code-generator.js";
import { svgPlaceholderGenerator } from "./images/svg-placeholder-generator.js";
import { barcodeGenerator } from "./images/barcode-generator.js";
import { chmodCalculator } from "./dev/chmod-calculator.js";
import { regexTester } from "./dev/regex-tester.js";
import { dockerRunToCompose } from "./dev/docker-run-to-compose.js";
import { sqlFormatter } from "./dev/sql-formatter.js";
import { semverChecker } from "./dev/semver-checker.js";
import { uuidInspector } from "./dev/uuid-inspector.js";
/** Every server tool, in catalog order within each category. */
export const serverTools = [
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
export const tools = [...serverTools, ...clientOnlyTools];
