//! The Hindi of the design engine's refusals, found by their code and
//! filled with the values the engine names (the engine's English is its own,
//! so no wording is retyped here), for `translate`.

/// A roster row's refusal: its row, then its problem's text below.
pub const ROW: &str = "पंक्ति {row}: {problem}";

/// The design engine's refusals by code; `{name}` is the value the engine
/// names so (`StudioError::values`, the web catalogue's names).
pub const BY_CODE: &[(&str, &str)] = &[
    ("TEXT_EMPTY", "कृपया कुछ टेक्स्ट लिखें"),
    ("TEXT_TOO_LONG", "टेक्स्ट अधिकतम 50 अक्षरों का हो सकता है"),
    (
        "FONT_SIZE_OUT_OF_RANGE",
        "फ़ॉन्ट का आकार 8 से 48 के बीच होना चाहिए",
    ),
    (
        "ARC_RADIUS_OUT_OF_RANGE",
        "मोड़ की त्रिज्या 10 से 300 के बीच होनी चाहिए",
    ),
    (
        "ARC_TOO_TIGHT",
        "यह टेक्स्ट इस मोड़ के लिए बहुत लंबा है: कम से कम {radius} की त्रिज्या लें, ताकि यह आधे गोले से ज़्यादा न मुड़े",
    ),
    (
        "OUTLINE_WIDTH_OUT_OF_RANGE",
        "आउटलाइन की चौड़ाई 0 (कोई नहीं) से 15 के बीच होनी चाहिए",
    ),
    ("TEXT_MISSING", "कृपया पहले इस प्रिंट एरिया में टेक्स्ट जोड़ें"),
    ("UNKNOWN_FONT", "कृपया उपलब्ध फ़ॉन्ट में से कोई एक चुनें"),
    ("INVALID_COLOR", "कृपया सही रंग चुनें"),
    ("NOT_AN_IMAGE", "कृपया सही तस्वीर वाली फ़ाइल चुनें"),
    ("IMAGE_TOO_LARGE", "तस्वीर का आकार 5MB से कम होना चाहिए"),
    (
        "IMAGE_TOO_MANY_PIXELS",
        "यह तस्वीर प्रोसेस करने के लिए बहुत बड़ी है ({width}x{height} पिक्सेल)। कृपया अधिकतम 24 मेगापिक्सेल की तस्वीर लें।",
    ),
    (
        "IMAGE_UNDECODABLE",
        "यह तस्वीर पढ़ी नहीं जा सकी। कृपया JPG, PNG या GIF फ़ाइल लें।",
    ),
    (
        "IMAGE_SIZE_OUT_OF_RANGE",
        "तस्वीर की चौड़ाई और ऊँचाई 10 से 100 के बीच होनी चाहिए",
    ),
    ("IMAGE_MISSING", "इस हिस्से की तस्वीर अभी लोड नहीं हुई है"),
    ("QR_TEXT_EMPTY", "कृपया QR कोड का टेक्स्ट लिखें"),
    (
        "QR_TEXT_TOO_LONG",
        "QR कोड में अधिकतम 300 बाइट टेक्स्ट आ सकता है (300 लैटिन अक्षर, दूसरी लिपियों में कम)",
    ),
    (
        "QR_LOW_CONTRAST",
        "इस QR कोड का रंग कपड़े के रंग से बहुत मिलता है (कंट्रास्ट {contrast}:1, कम से कम 3:1 चाहिए): फ़ोन इसे पढ़ नहीं पाएँगे। ज़्यादा गहरा या हल्का रंग चुनें।",
    ),
    ("CLIPART_UNKNOWN", "\"{name}\" नाम की कोई क्लिप-आर्ट नहीं है"),
    ("CLIPART_UNREADABLE", "यह क्लिप-आर्ट पढ़ी नहीं जा सकी"),
    ("CLIPART_MISSING", "क्लिप-आर्ट \"{name}\" अभी लोड नहीं हुई है"),
    ("SVG_UNUSABLE", "यह SVG इस्तेमाल नहीं की जा सकी"),
    (
        "FONT_NOT_LOADED",
        "{font} फ़ॉन्ट अभी लोड हो रहा है। कृपया थोड़ी देर में फिर से कोशिश करें।",
    ),
    (
        "QUANTITY_NEGATIVE",
        "साइज़ {size} की मात्रा 0 से कम नहीं हो सकती",
    ),
    (
        "QUANTITY_TOO_LARGE",
        "साइज़ {size} की मात्रा 10000 से ज़्यादा नहीं हो सकती",
    ),
    ("NO_ITEMS", "कार्ट में जोड़ने से पहले कृपया कम से कम एक पीस चुनें।"),
    (
        "BELOW_MINIMUM",
        "न्यूनतम मात्रा पूरी नहीं हुई। हर रंग के कम से कम {min} पीस चाहिए: {count} पीस और जोड़ें।",
    ),
    ("UNKNOWN_COLOR", "यह रंग इस उत्पाद में उपलब्ध नहीं है"),
    ("UNKNOWN_PRINT_AREA", "इस उत्पाद में {area} प्रिंट एरिया नहीं है"),
    ("UNKNOWN_SIZE", "यह उत्पाद साइज़ {size} में नहीं बिकता"),
    (
        "PRICE_OVERFLOW",
        "ऑर्डर इतना बड़ा है कि इसकी कीमत नहीं लगाई जा सकती",
    ),
    (
        "UNSUPPORTED_VERSION",
        "यह डिज़ाइन स्टूडियो के नए संस्करण में बनाया गया था (संस्करण {version})",
    ),
    ("MALFORMED_DESIGN", "डिज़ाइन पढ़ा नहीं जा सका"),
    (
        "PERSONAL_HEIGHT_OUT_OF_RANGE",
        "नाम और नंबर की ऊँचाई {min} से {max} के बीच होनी चाहिए",
    ),
    ("NAME_MISSING", "कृपया पहले इस प्रिंट एरिया में नाम जोड़ें"),
    ("NUMBER_MISSING", "कृपया पहले इस प्रिंट एरिया में नंबर जोड़ें"),
    ("ROSTER_ROW_EMPTY", "कृपया नाम या नंबर लिखें"),
    (
        "ROSTER_NAME_TOO_LONG",
        "नाम अधिकतम {max} अक्षरों का हो सकता है",
    ),
    (
        "ROSTER_NAME_CHARACTER",
        "नाम में केवल A से Z या भारत की लिपियों के अक्षर, स्पेस, '.', '-' और ऐपॉस्ट्रॉफ़ी हो सकते हैं, '{character}' नहीं",
    ),
    ("ROSTER_NAME_START", "नाम किसी अक्षर से शुरू होना चाहिए"),
    (
        "ROSTER_NUMBER_TOO_LONG",
        "नंबर अधिकतम {max} अंकों का हो सकता है",
    ),
    (
        "ROSTER_NUMBER_CHARACTER",
        "नंबर में केवल 0 से 9 तक के अंक हो सकते हैं, '{character}' नहीं",
    ),
    (
        "ROSTER_UNKNOWN_SIZE",
        "\"{size}\" कोई साइज़ नहीं है: {sizes} में से चुनें",
    ),
    (
        "ROSTER_NAME_MISSING",
        "कृपया नाम लिखें, यह डिज़ाइन हर पीस पर नाम छापता है",
    ),
    (
        "ROSTER_NUMBER_MISSING",
        "कृपया नंबर लिखें, यह डिज़ाइन हर पीस पर नंबर छापता है",
    ),
    (
        "ROSTER_NAME_NOT_PRINTED",
        "यह डिज़ाइन नाम नहीं छापता: नाम खाली छोड़ें या किसी प्रिंट एरिया में नाम जोड़ें",
    ),
    (
        "ROSTER_NUMBER_NOT_PRINTED",
        "यह डिज़ाइन नंबर नहीं छापता: नंबर खाली छोड़ें या किसी प्रिंट एरिया में नंबर जोड़ें",
    ),
    (
        "ROSTER_FIELDS",
        "नाम, नंबर और साइज़ अल्पविराम (,) से अलग करके लिखें",
    ),
    (
        "ROSTER_SIZE_MISMATCH",
        "रोस्टर में साइज़ {size} के {roster} पीस हैं, पर मात्राएँ {quantity} कहती हैं",
    ),
    (
        "ROSTER_MISSING",
        "कृपया रोस्टर जोड़ें: हर पीस की एक पंक्ति, उसके साइज़, नाम और नंबर के साथ",
    ),
    (
        "ROSTER_WITHOUT_PERSONALISATION",
        "यह डिज़ाइन नाम या नंबर नहीं छापता: किसी प्रिंट एरिया में नाम या नंबर जोड़ें, या रोस्टर खाली करें",
    ),
    ("ROSTER_TOO_LONG", "रोस्टर में अधिकतम {max} पीस हो सकते हैं"),
];
