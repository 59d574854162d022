//! The Hindi of the refusals a shopper's pages show, for `translate`: each
//! English template (its `{}` the parts filled in) beside its Hindi. Admins'
//! refusals stay English. A unit test in `translate` fails when an English
//! template is no longer in the code, so a reworded message is seen here.

/// English template, Hindi template.
pub const BY_MESSAGE: &[(&str, &str)] = &[
    // Signing in and up, codes, passwords.
    ("Please log in", "कृपया साइन इन करें"),
    (
        "Session expired. Please log in again.",
        "सत्र समाप्त हो गया। कृपया फिर से साइन इन करें।",
    ),
    (
        "Your sign-in has expired. Please sign in again.",
        "आपका साइन-इन समाप्त हो गया है। कृपया फिर से साइन इन करें।",
    ),
    ("Invalid email or password", "ई-मेल या पासवर्ड गलत है"),
    (
        "An account with this email already exists",
        "इस ई-मेल से एक खाता पहले से मौजूद है",
    ),
    (
        "An account with this email or phone already exists",
        "इस ई-मेल या फ़ोन नंबर से एक खाता पहले से मौजूद है",
    ),
    (
        "This email is already registered. Please sign in with your email.",
        "यह ई-मेल पहले से पंजीकृत है। कृपया अपने ई-मेल से साइन इन करें।",
    ),
    (
        "This mobile number is already registered to another account",
        "यह मोबाइल नंबर किसी दूसरे खाते में पंजीकृत है",
    ),
    (
        "Please enter your name and email to register",
        "पंजीकरण के लिए कृपया अपना नाम और ई-मेल दर्ज करें",
    ),
    ("Please enter your name", "कृपया अपना नाम दर्ज करें"),
    (
        "Please enter a valid email address",
        "कृपया सही ई-मेल पता दर्ज करें",
    ),
    ("Please enter an email address", "कृपया ई-मेल पता दर्ज करें"),
    (
        "Please enter a valid 10-digit mobile number",
        "कृपया सही 10 अंकों का मोबाइल नंबर दर्ज करें",
    ),
    ("Please enter the 6-digit code", "कृपया 6 अंकों का कोड दर्ज करें"),
    ("Wrong OTP", "OTP गलत है"),
    (
        "Code expired or not found. Please request a new code.",
        "कोड की अवधि समाप्त हो गई है या कोड नहीं मिला। कृपया नया कोड मँगाएँ।",
    ),
    (
        "Too many code requests. Please wait a few minutes and try again.",
        "बहुत अधिक कोड माँगे गए। कृपया कुछ मिनट रुककर फिर से कोशिश करें।",
    ),
    (
        "Too many attempts. Please wait a little and try again.",
        "बहुत अधिक प्रयास हुए। कृपया थोड़ा रुककर फिर से कोशिश करें।",
    ),
    (
        "Sign-in codes by SMS are paused for today. Please sign in with your e-mail instead.",
        "SMS से साइन-इन कोड आज के लिए रोक दिए गए हैं। कृपया अपने ई-मेल से साइन इन करें।",
    ),
    (
        "Too many codes were sent to this {} today (at most {} in 24 hours). Please try again in about {} {}.",
        "आज यहाँ बहुत अधिक कोड भेजे जा चुके हैं (24 घंटों में अधिकतम {2})। कृपया लगभग {3} घंटे बाद फिर से कोशिश करें।",
    ),
    (
        "Too many wrong codes. Signing in with a code is paused for this account; please try again in {} {}.",
        "बहुत अधिक गलत कोड डाले गए। इस खाते में कोड से साइन-इन रोक दिया गया है; कृपया {1} मिनट बाद फिर से कोशिश करें।",
    ),
    (
        "Password must be at least 8 characters",
        "पासवर्ड कम से कम 8 अक्षरों का होना चाहिए",
    ),
    ("Password is too long", "पासवर्ड बहुत लंबा है"),
    (
        "This password is too easy to guess.{}",
        "इस पासवर्ड का अनुमान आसानी से लगाया जा सकता है। कुछ असामान्य शब्दों को एक साथ मिलाकर आज़माएँ, और अपना नाम या ई-मेल पता इसमें न रखें।",
    ),
    ("Current password is incorrect", "मौजूदा पासवर्ड गलत है"),
    (
        "This account has no password yet. Use 'Forgot password?' to set one.",
        "इस खाते का अभी कोई पासवर्ड नहीं है। पासवर्ड बनाने के लिए 'पासवर्ड भूल गए?' चुनें।",
    ),
    (
        "This link is invalid or has expired",
        "यह लिंक अमान्य है या इसकी अवधि समाप्त हो गई है",
    ),
    (
        "This phone number is used by another account",
        "यह फ़ोन नंबर किसी दूसरे खाते में इस्तेमाल हो रहा है",
    ),
    (
        "Please enter the code sent to your new mobile number",
        "कृपया अपने नए मोबाइल नंबर पर भेजा गया कोड दर्ज करें",
    ),
    (
        "We could not send the message. Please try again later.",
        "हम संदेश नहीं भेज सके। कृपया कुछ देर बाद फिर से कोशिश करें।",
    ),
    // Cart, addresses, checkout, payment.
    ("Your cart is empty", "आपकी कार्ट खाली है"),
    ("Cart item not found", "कार्ट में यह आइटम नहीं मिला"),
    (
        "Your cart was changed at the same moment. Please try again.",
        "आपकी कार्ट उसी समय बदली गई। कृपया फिर से कोशिश करें।",
    ),
    (
        "Invalid product data. Please refresh the page and try again.",
        "उत्पाद की जानकारी सही नहीं है। कृपया पेज रीफ़्रेश करके फिर से कोशिश करें।",
    ),
    ("Product not found in database.", "यह उत्पाद नहीं मिला।"),
    (
        "Price has changed. Please refresh the page and try again.",
        "कीमत बदल गई है। कृपया पेज रीफ़्रेश करके फिर से कोशिश करें।",
    ),
    (
        "The amount has changed. Please review your cart and try again.",
        "राशि बदल गई है। कृपया अपनी कार्ट देखकर फिर से कोशिश करें।",
    ),
    (
        "Your cart can hold up to {} designs. Please check out or remove one before adding another.",
        "आपकी कार्ट में अधिकतम {} डिज़ाइन रह सकते हैं। नया जोड़ने से पहले चेकआउट करें या एक डिज़ाइन हटाएँ।",
    ),
    (
        "You can keep up to {} addresses. Please delete one to add another.",
        "आप अधिकतम {} पते रख सकते हैं। नया पता जोड़ने के लिए एक पता हटाएँ।",
    ),
    (
        "You have {} orders waiting for payment. Please cancel one in My Orders before placing another.",
        "आपके {} ऑर्डर भुगतान की प्रतीक्षा में हैं। नया ऑर्डर देने से पहले 'मेरे ऑर्डर' में एक ऑर्डर रद्द करें।",
    ),
    (
        "Please fill in all required fields",
        "कृपया सभी ज़रूरी जानकारी भरें",
    ),
    (
        "Please fill in all required shipping fields",
        "कृपया डिलीवरी पते की सभी ज़रूरी जानकारी भरें",
    ),
    (
        "Please fill in all required billing fields",
        "कृपया बिलिंग पते की सभी ज़रूरी जानकारी भरें",
    ),
    (
        "Address fields must be at most 200 characters",
        "पते का हर हिस्सा अधिकतम 200 अक्षरों का हो सकता है",
    ),
    (
        "Address type must be home, work or other",
        "पते का प्रकार home (घर), work (काम) या other (अन्य) होना चाहिए",
    ),
    ("Address not found", "पता नहीं मिला"),
    (
        "We deliver only within India",
        "हम केवल भारत में डिलीवरी करते हैं",
    ),
    (
        "Invalid pincode. Please check and try again.",
        "पिनकोड सही नहीं है। कृपया जाँचकर फिर से कोशिश करें।",
    ),
    ("Order notes are too large", "ऑर्डर के नोट बहुत लंबे हैं"),
    (
        "This receipt belongs to another checkout. Please try again.",
        "यह रसीद किसी दूसरे चेकआउट की है। कृपया फिर से कोशिश करें।",
    ),
    (
        "This order was cancelled. Please place the order again.",
        "यह ऑर्डर रद्द कर दिया गया था। कृपया फिर से ऑर्डर करें।",
    ),
    (
        "This order has already been paid",
        "इस ऑर्डर का भुगतान पहले ही हो चुका है",
    ),
    (
        "Order {} has already been paid. You can find it in My Orders.",
        "ऑर्डर {} का भुगतान पहले ही हो चुका है। आप इसे 'मेरे ऑर्डर' में देख सकते हैं।",
    ),
    (
        "Order {} was cancelled. Please place the order again.",
        "ऑर्डर {} रद्द कर दिया गया था। कृपया फिर से ऑर्डर करें।",
    ),
    (
        "Order {} was already paid by another payment. This payment has been refunded.",
        "ऑर्डर {} का भुगतान किसी दूसरे भुगतान से पहले ही हो चुका था। यह भुगतान वापस कर दिया गया है।",
    ),
    (
        "Order {} was already paid by another payment. This payment will be refunded.",
        "ऑर्डर {} का भुगतान किसी दूसरे भुगतान से पहले ही हो चुका था। यह भुगतान वापस कर दिया जाएगा।",
    ),
    (
        "Order {} was cancelled before this payment arrived. The payment has been refunded.",
        "यह भुगतान पहुँचने से पहले ऑर्डर {} रद्द हो चुका था। भुगतान वापस कर दिया गया है।",
    ),
    (
        "Order {} was cancelled before this payment arrived. The payment will be refunded.",
        "यह भुगतान पहुँचने से पहले ऑर्डर {} रद्द हो चुका था। भुगतान वापस कर दिया जाएगा।",
    ),
    (
        "Order {} was placed with another payment plan. Please reload the page to pay it as placed.",
        "ऑर्डर {} किसी दूसरी भुगतान योजना से दिया गया था। कृपया पेज दोबारा लोड करें और उसी योजना से भुगतान करें।",
    ),
    (
        "Order {} has no balance due",
        "ऑर्डर {} की कोई शेष राशि बाकी नहीं है",
    ),
    (
        "Order {} was cancelled: its balance is not collected",
        "ऑर्डर {} रद्द कर दिया गया था: इसकी शेष राशि नहीं ली जाएगी",
    ),
    (
        "The balance of this order has already been paid",
        "इस ऑर्डर की शेष राशि का भुगतान पहले ही हो चुका है",
    ),
    (
        "Payment verification failed. Please contact support.",
        "भुगतान की पुष्टि नहीं हो सकी। कृपया सहायता टीम से संपर्क करें।",
    ),
    ("Failed to create order", "ऑर्डर नहीं बन सका"),
    (
        "Only pending orders can be cancelled",
        "केवल भुगतान की प्रतीक्षा वाले ऑर्डर ही रद्द किए जा सकते हैं",
    ),
    ("Order not found", "ऑर्डर नहीं मिला"),
    (
        "No order matches that order number and e-mail",
        "इस ऑर्डर नंबर और ई-मेल से कोई ऑर्डर नहीं मिला",
    ),
    (
        "This order has not been shipped yet",
        "यह ऑर्डर अभी भेजा नहीं गया है",
    ),
    (
        "This proof was replaced by version {}: please review the latest version",
        "इस प्रूफ़ की जगह संस्करण {} आ गया है: कृपया नया संस्करण देखें",
    ),
    (
        "The comment can be at most {} characters",
        "टिप्पणी अधिकतम {} अक्षरों की हो सकती है",
    ),
    (
        "This proof is approved already",
        "यह प्रूफ़ पहले ही स्वीकृत हो चुका है",
    ),
    (
        "The proof of this order is approved already",
        "इस ऑर्डर का प्रूफ़ पहले ही स्वीकृत हो चुका है",
    ),
    (
        "This order has no proof with that version",
        "इस ऑर्डर में उस संस्करण का कोई प्रूफ़ नहीं है",
    ),
    ("Please say what to change", "कृपया बताएँ कि क्या बदलना है"),
    // Coupons.
    (
        "This coupon code is not valid. Please check the code and try again.",
        "यह कूपन कोड मान्य नहीं है। कृपया कोड जाँचकर फिर से कोशिश करें।",
    ),
    ("This coupon is not valid yet.", "यह कूपन अभी मान्य नहीं है।"),
    ("This coupon has expired.", "इस कूपन की अवधि समाप्त हो गई है।"),
    (
        "This coupon has been fully used.",
        "यह कूपन पूरी तरह इस्तेमाल हो चुका है।",
    ),
    (
        "You have already used this coupon as many times as it allows.",
        "आप इस कूपन का उतनी बार इस्तेमाल कर चुके हैं जितनी बार इसकी अनुमति है।",
    ),
    (
        "This coupon needs at least {} pieces of the products it applies to; your cart has {}.",
        "इस कूपन के लिए उन उत्पादों के कम से कम {} पीस चाहिए जिन पर यह लागू होता है; आपकी कार्ट में {} हैं।",
    ),
    (
        "This coupon does not apply to the products in your cart.",
        "यह कूपन आपकी कार्ट के उत्पादों पर लागू नहीं होता।",
    ),
    // Studio and saved designs.
    ("Design not found", "डिज़ाइन नहीं मिला"),
    (
        "Design name must be at most {} characters, on one line",
        "डिज़ाइन का नाम एक ही पंक्ति में अधिकतम {} अक्षरों का हो सकता है",
    ),
    (
        "You can keep up to {} saved designs. Remove one to save another.",
        "आप अधिकतम {} डिज़ाइन सहेज सकते हैं। नया सहेजने के लिए एक डिज़ाइन हटाएँ।",
    ),
    (
        "This design was changed elsewhere. Reload it and try again.",
        "यह डिज़ाइन कहीं और बदला गया है। इसे दोबारा लोड करके फिर से कोशिश करें।",
    ),
    (
        "This design is already being moved to your cart.",
        "यह डिज़ाइन पहले से आपकी कार्ट में जोड़ा जा रहा है।",
    ),
    (
        "This design link is not valid or was turned off",
        "यह डिज़ाइन लिंक मान्य नहीं है या बंद कर दिया गया है",
    ),
    ("Please upload the image again", "कृपया तस्वीर फिर से अपलोड करें"),
    ("Artwork not found", "आर्टवर्क नहीं मिला"),
    ("Upload not found", "अपलोड नहीं मिला"),
    ("The image could not be read", "तस्वीर पढ़ी नहीं जा सकी"),
    ("There is no such clip-art", "ऐसी कोई क्लिप-आर्ट नहीं है"),
    // Group orders.
    ("Group order not found", "ग्रुप ऑर्डर नहीं मिला"),
    (
        "You have not joined this group order",
        "आप इस ग्रुप ऑर्डर में शामिल नहीं हुए हैं",
    ),
    (
        "Please give the group order a title of 1 to {} characters on one line.",
        "कृपया ग्रुप ऑर्डर को एक पंक्ति में 1 से {} अक्षरों का शीर्षक दें।",
    ),
    (
        "Please allow each member 1 to {} pieces.",
        "कृपया हर सदस्य के लिए 1 से {} पीस तय करें।",
    ),
    (
        "You have {} open group orders: close or cancel one first.",
        "आपके {} ग्रुप ऑर्डर खुले हैं: पहले किसी एक को बंद या रद्द करें।",
    ),
    (
        "You have already joined this group order: change or withdraw your row instead.",
        "आप इस ग्रुप ऑर्डर में पहले ही शामिल हो चुके हैं: इसके बजाय अपनी पंक्ति बदलें या वापस लें।",
    ),
    (
        "You hold {} pieces, the most this group order allows each member.",
        "आपके {} पीस हैं, जो इस ग्रुप ऑर्डर में एक सदस्य के लिए अधिकतम हैं।",
    ),
    (
        "This group order is closed: the organiser has placed it.",
        "यह ग्रुप ऑर्डर बंद है: आयोजक इसे ऑर्डर कर चुके हैं।",
    ),
    ("This group order is full.", "यह ग्रुप ऑर्डर भर चुका है।"),
    (
        "This group order is no longer open: it was closed or cancelled.",
        "यह ग्रुप ऑर्डर अब खुला नहीं है: इसे बंद या रद्द कर दिया गया है।",
    ),
    (
        "This group order prints no names or numbers: choose a size only.",
        "इस ग्रुप ऑर्डर में नाम या नंबर नहीं छपते: केवल साइज़ चुनें।",
    ),
    (
        "This group order was cancelled.",
        "यह ग्रुप ऑर्डर रद्द कर दिया गया है।",
    ),
    (
        "This group order's deadline has passed: ask the organiser to extend it.",
        "इस ग्रुप ऑर्डर की अंतिम तिथि निकल चुकी है: आयोजक से इसे बढ़ाने को कहें।",
    ),
    (
        "This design prints names or numbers: let members add them.",
        "यह डिज़ाइन नाम या नंबर छापता है: सदस्यों को उन्हें भरने दें।",
    ),
    (
        "Add a name or a number to the design in the studio first, so members can fill them in.",
        "पहले स्टूडियो में डिज़ाइन पर नाम या नंबर जोड़ें, ताकि सदस्य उन्हें भर सकें।",
    ),
    (
        "Give the address every member's piece ships to.",
        "वह पता दें जहाँ हर सदस्य का पीस भेजा जाएगा।",
    ),
    (
        "Please choose a deadline in the future, at most 90 days from now.",
        "कृपया आगे की कोई अंतिम तिथि चुनें, आज से अधिकतम 90 दिन के भीतर।",
    ),
    (
        "The organiser pays for this group order: there is nothing for you to pay.",
        "इस ग्रुप ऑर्डर का भुगतान आयोजक करते हैं: आपको कुछ नहीं देना है।",
    ),
    (
        "You have no unpaid piece in this group order.",
        "इस ग्रुप ऑर्डर में आपका ऐसा कोई पीस नहीं है जिसका भुगतान बाकी हो।",
    ),
    (
        "You have paid for this piece, so it cannot change: withdraw it (you are refunded) and join again.",
        "आप इस पीस का भुगतान कर चुके हैं, इसलिए इसे बदला नहीं जा सकता: इसे वापस लें (आपका पैसा लौटा दिया जाएगा) और फिर से शामिल हों।",
    ),
    (
        "You hold several pieces in this group order: choose the one to change.",
        "इस ग्रुप ऑर्डर में आपके कई पीस हैं: जिसे बदलना है उसे चुनें।",
    ),
    (
        "Your pieces were paid for meanwhile: there is nothing more to pay.",
        "इस बीच आपके पीस का भुगतान हो चुका है: अब कुछ और नहीं देना है।",
    ),
    (
        "Your pieces changed while you were paying: please pay again.",
        "भुगतान के दौरान आपके पीस बदल गए: कृपया फिर से भुगतान करें।",
    ),
    ("Piece not found", "पीस नहीं मिला"),
    ("Row not found", "पंक्ति नहीं मिली"),
    // Misprint and damage claims.
    (
        "A problem with the pieces can be reported once the order is delivered: order {} is {}.",
        "पीस में समस्या की जानकारी ऑर्डर डिलीवर होने के बाद ही दी जा सकती है (ऑर्डर {1})।",
    ),
    (
        "Misprints, defects and damage are taken within {} days of delivery, and order {} was delivered on {}. Please write to us from the contact page instead.",
        "गलत छपाई, खराबी और नुकसान के दावे डिलीवरी के {1} दिनों के भीतर लिए जाते हैं, और ऑर्डर {2} {3} को डिलीवर हुआ था। कृपया इसके बजाय संपर्क पेज से हमें लिखें।",
    ),
    (
        "This order has {} claims waiting for our answer: please wait for it before filing another.",
        "इस ऑर्डर के {} दावे हमारे जवाब की प्रतीक्षा में हैं: नया दावा करने से पहले कृपया जवाब का इंतज़ार करें।",
    ),
    (
        "Please choose what is wrong: misprint, damaged, wrong_item or missing",
        "कृपया चुनें कि क्या गलत है: misprint (गलत छपाई), damaged (क्षतिग्रस्त), wrong_item (गलत सामान) या missing (गायब)",
    ),
    (
        "Please describe the problem in 1 to {} characters",
        "कृपया समस्या 1 से {} अक्षरों में बताएँ",
    ),
    ("Please add at most {} photos", "कृपया अधिकतम {} फ़ोटो जोड़ें"),
    (
        "Photo {} is not one you uploaded: please upload it again",
        "फ़ोटो {} आपकी अपलोड की हुई नहीं है: कृपया इसे फिर से अपलोड करें",
    ),
    ("Photo {} is given twice", "फ़ोटो {} दो बार दी गई है"),
    (
        "Please say how many pieces of each size have the problem",
        "कृपया बताएँ कि हर साइज़ के कितने पीस में समस्या है",
    ),
    (
        "This design was not ordered in size {}",
        "यह डिज़ाइन साइज़ {} में ऑर्डर नहीं किया गया था",
    ),
    ("Size {} is given twice", "साइज़ {} दो बार दिया गया है"),
    (
        "At most {} pieces of size {} can be claimed on this design: {} were ordered and {} are in other claims",
        "इस डिज़ाइन पर साइज़ {2} के अधिकतम {1} पीस का दावा किया जा सकता है: {3} ऑर्डर किए गए थे और {4} दूसरे दावों में हैं",
    ),
    (
        "This order has several designs: please say which one the pieces are from (itemId)",
        "इस ऑर्डर में कई डिज़ाइन हैं: कृपया बताएँ कि पीस किस डिज़ाइन के हैं (itemId)",
    ),
    (
        "This order has no such design (itemId)",
        "इस ऑर्डर में ऐसा कोई डिज़ाइन नहीं है (itemId)",
    ),
    ("Claim not found", "दावा नहीं मिला"),
    // Complaints.
    ("Complaint not found", "शिकायत नहीं मिली"),
    (
        "No complaint matches that number and e-mail",
        "इस संख्या और ई-मेल से कोई शिकायत नहीं मिली",
    ),
    (
        "Please enter the complaint number and the e-mail address",
        "कृपया शिकायत संख्या और ई-मेल पता दर्ज करें",
    ),
    (
        "This complaint is resolved already",
        "यह शिकायत पहले ही सुलझ चुकी है",
    ),
    (
        "Only a resolved complaint can be reopened",
        "केवल सुलझी हुई शिकायत ही दोबारा खोली जा सकती है",
    ),
    (
        "This complaint's thread holds {} messages, the most it can: please file a new complaint",
        "इस शिकायत में अधिकतम {} संदेश हो चुके हैं: कृपया नई शिकायत दर्ज करें",
    ),
    // Quotes.
    ("Quote not found", "कोटेशन नहीं मिला"),
    (
        "Quote {} expired on {}. Please ask us for a new quote.",
        "कोटेशन {} की अवधि {} को समाप्त हो गई। कृपया हमसे नया कोटेशन माँगें।",
    ),
    (
        "Quote {} has already been accepted: its line is in the cart it was accepted into",
        "कोटेशन {} पहले ही स्वीकार किया जा चुका है: इसकी पंक्ति उसी कार्ट में है जिसमें इसे स्वीकार किया गया था",
    ),
    (
        "Your cart already holds this design: remove that line, then accept the quote",
        "आपकी कार्ट में यह डिज़ाइन पहले से है: वह पंक्ति हटाएँ, फिर कोटेशन स्वीकार करें",
    ),
    (
        "This line holds a quoted price for exactly the quoted pieces and design: remove it to order something else",
        "इस पंक्ति में ठीक कोटेशन वाले पीस और डिज़ाइन की तय कीमत है: कुछ और ऑर्डर करने के लिए इसे हटाएँ",
    ),
    (
        "The quote changed. Please try again.",
        "कोटेशन बदल गया है। कृपया फिर से कोशिश करें।",
    ),
    // Any page.
    ("Not found", "नहीं मिला"),
    ("This already exists.", "यह पहले से मौजूद है।"),
    (
        "A referenced item does not exist.",
        "जिस चीज़ का ज़िक्र है, वह मौजूद नहीं है।",
    ),
    (
        "Server error. Please try again later.",
        "सर्वर में गड़बड़ी हुई। कृपया कुछ देर बाद फिर से कोशिश करें।",
    ),
    (
        "The server is busy. Please try again in a moment.",
        "सर्वर अभी व्यस्त है। कृपया थोड़ी देर में फिर से कोशिश करें।",
    ),
];
