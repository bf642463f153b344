// The contract's and the API's messages for people, in each language (issue 25). They are written once, in English,
// where the rule is (the schemas here, the API's routes), so the English texts stay exactly as they are; this is their
// Bangla. The API answers in the language a request asks for (Accept-Language), and a form that checks with a schema
// in the browser shows its messages the same way. A message not known here stays in English: never lost, never a key.
import { intlLocale, type Language } from './languages.ts';

const exact: Record<string, string> = {
  // The contract (shared-api): forms' fields.
  'Add at least one photo': 'অন্তত একটি ছবি যোগ করুন',
  'IMEI must be 15 digits': 'IMEI ১৫ অঙ্কের হতে হবে',
  'This IMEI is not valid: check its last digit': 'এই IMEI সঠিক নয়: শেষ অঙ্কটি আবার দেখুন',
  'A photo is listed twice': 'একটি ছবি দুবার দেওয়া হয়েছে',
  'Choose a brand': 'একটি ব্র্যান্ড বেছে নিন',
  'Mobile number is required': 'মোবাইল নম্বর দিন',
  'Mobile number must be 7 to 20 digits': 'মোবাইল নম্বর ৭ থেকে ২০ অঙ্কের হতে হবে',
  'Phone number is required': 'ফোন নম্বর দিন',
  'Enter a Bangladeshi mobile number, e.g. 01712-345678': 'বাংলাদেশের একটি মোবাইল নম্বর দিন, যেমন ০১৭১২-৩৪৫৬৭৮',
  'Choose a division': 'একটি বিভাগ বেছে নিন',
  'Choose a district': 'একটি জেলা বেছে নিন',
  'That district is not in that division': 'জেলাটি ওই বিভাগে নয়',
  'Phone number must be 7 to 20 digits': 'ফোন নম্বর ৭ থেকে ২০ অঙ্কের হতে হবে',
  'Image must be an http(s) URL': 'ছবির ঠিকানা http বা https হতে হবে',
  'Add the photo by uploading it: images from other websites are not accepted': 'ছবিটি আপলোড করে যোগ করুন: অন্য ওয়েবসাইটের ছবি নেওয়া হয় না',
  'Enter the year you bought it, e.g. 2023': 'কোন সালে কিনেছেন লিখুন, যেমন ২০২৩',
  'Year of purchase cannot be in the future': 'কেনার বছর ভবিষ্যতের হতে পারে না',
  'Resale price cannot be more than the original price': 'বিক্রয়মূল্য আসল দামের চেয়ে বেশি হতে পারে না',
  'Choose the condition: Excellent, Good or Fair': 'অবস্থা বেছে নিন: চমৎকার, ভালো বা মোটামুটি',
  'role must be Buyer or Seller': 'অ্যাকাউন্ট ক্রেতা বা বিক্রেতার হতে হবে',
  'must be a valid id': 'সঠিক আইডি নয়',
  'must be a valid email address': 'সঠিক ইমেইল ঠিকানা নয়',
  'must be a number': 'একটি সংখ্যা হতে হবে',
  'Enter the amount in taka, e.g. 21,000': 'দাম টাকায় লিখুন, যেমন ২১,০০০',
  'Enter whole taka, e.g. 21,000': 'পূর্ণ টাকায় লিখুন, যেমন ২১,০০০',
  'must be more than 0': '০-এর বেশি হতে হবে',
  'must be at most Tk 10,000,000': 'সর্বোচ্চ ৳১,০০,০০,০০০ হতে পারে',
  'productId must be a valid product id': 'ফোনটির আইডি সঠিক নয়',
  'id must be a valid product id': 'ফোনটির আইডি সঠিক নয়',
  'each photo must be an uploaded photo id': 'প্রতিটি ছবি আপলোড করা ছবি হতে হবে',
  'photos must be a list of uploaded photos': 'ছবিগুলো আপলোড করা ছবির তালিকা হতে হবে',
  'maxPrice must be at least minPrice': 'সর্বোচ্চ দাম সর্বনিম্ন দামের চেয়ে কম হতে পারে না',
  'fromYear cannot be in the future': 'কেনার বছর ভবিষ্যতের হতে পারে না',
  // The API's refusals.
  'Sign in to continue': 'চালিয়ে যেতে সাইন ইন করুন',
  'Sign in to continue: a bearer token is required': 'চালিয়ে যেতে সাইন ইন করুন',
  'This account no longer exists': 'এই অ্যাকাউন্টটি আর নেই',
  'You are not allowed to do this': 'আপনার এটি করার অনুমতি নেই',
  'This sign-in has no email address': 'এই সাইন-ইনে কোনো ইমেইল ঠিকানা নেই',
  'You can only register your own email address': 'আপনি শুধু নিজের ইমেইল ঠিকানা নিবন্ধন করতে পারেন',
  'This account has been removed by an administrator': 'একজন অ্যাডমিন এই অ্যাকাউন্টটি সরিয়ে দিয়েছেন',
  'The token does not belong to this email address': 'সাইন-ইনটি এই ইমেইল ঠিকানার নয়',
  'No PhoneHaat account uses this email yet; register first': 'এই ইমেইলে এখনো ফোনহাটের কোনো অ্যাকাউন্ট নেই; আগে নিবন্ধন করুন',
  'You can only look up your own role': 'আপনি শুধু নিজের অ্যাকাউন্টের ধরন দেখতে পারেন',
  'You can only see your own bookings': 'আপনি শুধু নিজের বুকিং দেখতে পারেন',
  'This phone has already been sold': 'ফোনটি ইতিমধ্যে বিক্রি হয়ে গেছে',
  'This is your own listing': 'এটি আপনার নিজের বিজ্ঞাপন',
  'You cannot book your own phone': 'নিজের ফোন বুক করা যায় না',
  'You have already booked this phone': 'আপনি ফোনটি আগেই বুক করেছেন',
  'This booking is already paid': 'এই বুকিংয়ের টাকা আগেই দেওয়া হয়েছে',
  'This phone is no longer available': 'ফোনটি আর পাওয়া যাচ্ছে না',
  'No such payment': 'এমন কোনো পেমেন্ট নেই',
  'This payment is not held: it was released or refunded already, or never paid': 'এই টাকা জমা নেই: আগেই ছাড়া বা ফেরত দেওয়া হয়েছে, অথবা পরিশোধই হয়নি',
  'The code was wrong too many times: the buyer can confirm in My Orders, or the money is released by itself':
    'কোডটি বহুবার ভুল হয়েছে: ক্রেতা আমার অর্ডারে নিশ্চিত করতে পারেন, নয়তো নির্দিষ্ট দিনের পর টাকা নিজে থেকেই ছাড়া হবে',
  'Enter the six-digit code': 'ছয় অঙ্কের কোডটি দিন',
  'The code is six digits': 'কোডটি ছয় অঙ্কের',
  'language must be en or bn': 'ভাষা en বা bn হতে হবে',
  'This address is too long': 'ঠিকানাটি অনেক লম্বা',
  'This address is not valid': 'ঠিকানাটি সঠিক নয়',
  'Text cannot contain the character U+0000': 'লেখায় U+0000 অক্ষরটি থাকতে পারে না',
  'The e-mail could not be sent just now. Try again in a few minutes.': 'এখন ই-মেইল পাঠানো গেল না। কয়েক মিনিট পর আবার চেষ্টা করুন।',
  'Wrong code': 'ভুল কোড',
  'This booking’s payment is changing in another tab; try again in a moment': 'এই বুকিংয়ের পেমেন্ট অন্য একটি ট্যাবে বদলাচ্ছে; একটু পরে আবার চেষ্টা করুন',
  'paymentId must be the wallet’s payment id': 'পেমেন্ট আইডিটি ওয়ালেটের পেমেন্ট আইডি নয়',
  "status must be 'success', 'failure' or 'cancel'": "অবস্থা 'success', 'failure' বা 'cancel' হতে হবে",
  'This payment belongs to another booking': 'এই পেমেন্টটি অন্য একটি বুকিংয়ের',
  'This payment does not belong to this booking': 'এই পেমেন্টটি এই বুকিংয়ের নয়',
  'This booking was already paid; the second payment was refunded.': 'এই বুকিংয়ের টাকা আগেই দেওয়া হয়েছিল; দ্বিতীয় পেমেন্টটি ফেরত দেওয়া হয়েছে।',
  'Sorry, this phone was sold to another buyer; your payment has been refunded.': 'দুঃখিত, ফোনটি অন্য ক্রেতার কাছে বিক্রি হয়ে গেছে; আপনার টাকা ফেরত দেওয়া হয়েছে।',
  'The amount paid did not match the price; your payment has been refunded.': 'দেওয়া টাকা দামের সাথে মেলেনি; আপনার টাকা ফেরত দেওয়া হয়েছে।',
  // Disputes and payouts (issue 33).
  "The buyer disputed this sale: PhoneHaat's team decides where the money goes": 'ক্রেতা এই বিক্রি নিয়ে আপত্তি জানিয়েছেন: টাকা কোথায় যাবে, PhoneHaat-এর দল ঠিক করবে',
  'This payment is not held any more: it was released to the seller or refunded, so it cannot be disputed': 'এই টাকা আর জমা নেই: বিক্রেতাকে দেওয়া বা ফেরত দেওয়া হয়েছে, তাই আপত্তি জানানো যাবে না',
  'You disputed this sale already: PhoneHaat’s team is looking at it': 'আপনি এই বিক্রি নিয়ে আগেই আপত্তি জানিয়েছেন: PhoneHaat-এর দল দেখছে',
  'A photo is not one you uploaded, or shows something else already': 'একটি ছবি আপনার আপলোড করা নয়, অথবা আগেই অন্য কিছুতে আছে',
  'This dispute was decided already: the money was released to the seller': 'এই আপত্তির সিদ্ধান্ত আগেই হয়েছে: টাকা বিক্রেতাকে দেওয়া হয়েছে',
  'This dispute was decided already: the money was refunded to the buyer': 'এই আপত্তির সিদ্ধান্ত আগেই হয়েছে: টাকা ক্রেতাকে ফেরত দেওয়া হয়েছে',
  'A refund of this dispute is being made': 'এই আপত্তির টাকা ফেরত দেওয়া চলছে',
  'This payment is not held any more': 'এই টাকা আর জমা নেই',
  'photoIds must be photo ids': 'ছবিগুলো আপলোড করা ছবি হতে হবে',
  'A photo is given twice': 'একটি ছবি দুবার দেওয়া হয়েছে',
  'status must be open or decided': 'অবস্থা খোলা বা সিদ্ধান্ত হয়েছে হতে হবে',
  'outcome must be refund or release': 'সিদ্ধান্ত ফেরত বা ছাড় হতে হবে',
  'Enter your bKash number': 'আপনার বিকাশ নম্বর দিন',
  'A bKash number is 11 digits starting 013–019, like 01712345678': 'বিকাশ নম্বর ১১ অঙ্কের, ০১৩–০১৯ দিয়ে শুরু, যেমন ০১৭১২৩৪৫৬৭৮',
  'Type the number again': 'নম্বরটি আবার লিখুন',
  'The two numbers differ': 'দুটি নম্বর মেলেনি',
  'Choose a brand from the list': 'তালিকা থেকে একটি ব্র্যান্ড বেছে নিন',
  'This phone cannot be listed; contact support': 'এই ফোনটি তালিকায় দেওয়া যাবে না; সহায়তা কেন্দ্রে যোগাযোগ করুন',
  'This phone is already listed on PhoneHaat; contact support if it is yours': 'এই ফোনটি ইতিমধ্যে PhoneHaat-এ বিক্রির তালিকায় আছে; ফোনটি আপনার হলে সহায়তা কেন্দ্রে যোগাযোগ করুন',
  'A sold phone cannot be advertised': 'বিক্রি হওয়া ফোনের বিজ্ঞাপন দেওয়া যায় না',
  "A sold phone's photos cannot be changed": 'বিক্রি হওয়া ফোনের ছবি বদলানো যায় না',
  'You cannot report your own listing': 'নিজের বিজ্ঞাপন রিপোর্ট করা যায় না',
  'You already reported this listing: the team will look at it': 'আপনি বিজ্ঞাপনটি আগেই রিপোর্ট করেছেন: আমাদের দল এটি দেখবে',
  'A photo is not one of your uploads, or is already on another listing: upload it again':
    'একটি ছবি আপনার আপলোড করা নয়, বা অন্য বিজ্ঞাপনে আছে: আবার আপলোড করুন',
  'No photo was sent': 'কোনো ছবি পাঠানো হয়নি',
  'Send the photo as multipart/form-data': 'ছবিটি multipart/form-data হিসেবে পাঠান',
  'Only JPEG, PNG, WebP or HEIC photos can be uploaded': 'শুধু JPEG, PNG, WebP বা HEIC ছবি আপলোড করা যায়',
  'The photo could not be read: it may be damaged or incomplete': 'ছবিটি পড়া গেল না: এটি নষ্ট বা অসম্পূর্ণ হতে পারে',
  'Sign-in cannot be checked just now; please try again in a moment': 'এই মুহূর্তে সাইন-ইন যাচাই করা যাচ্ছে না; একটু পরে আবার চেষ্টা করুন',
  'The payment service is unavailable; please try again': 'পেমেন্ট সেবা এখন পাওয়া যাচ্ছে না; আবার চেষ্টা করুন',
  // Conversations.
  'Message is required': 'বার্তা লিখুন',
  'Message must be at most 2000 characters': 'বার্তা সর্বোচ্চ ২,০০০ অক্ষরের হতে পারে',
  'clientId must be a UUID made by the client': 'বার্তাটির আইডি সঠিক নয়',
  'must be a message id': 'সঠিক বার্তা আইডি নয়',
  // Notifications and e-mail.
  'must be a notification id': 'সঠিক নোটিফিকেশন আইডি নয়',
  'must be a kind of e-mail': 'এমন কোনো ইমেইল নেই',
  'The unsubscribe link is incomplete': 'আনসাবস্ক্রাইব লিংকটি অসম্পূর্ণ',
  'Name is required': 'নাম দিন',
  'Name must be at most 60 characters': 'নাম সর্বোচ্চ ৬০ অক্ষরের হতে পারে',
  'query must be text': 'খোঁজটি লেখা হতে হবে',
  'query must be at most 1000 characters': 'খোঁজটি সর্বোচ্চ ১০০০ অক্ষরের হতে পারে',
  'This unsubscribe link is not valid: use the link from the e-mail, or change your settings after signing in':
    'আনসাবস্ক্রাইব লিংকটি সঠিক নয়: ইমেইলের লিংকটি ব্যবহার করুন, বা সাইন ইন করে সেটিংস বদলান',
  'A stream ticket is required': 'লাইভ সংযোগের টিকিট দরকার',
  "Only the listing's seller can write to its buyers": 'শুধু বিজ্ঞাপনের বিক্রেতা এর ক্রেতাদের লিখতে পারেন',
  'buyerId must be a valid id': 'ক্রেতার আইডি সঠিক নয়',
  'You cannot report your own message': 'নিজের বার্তা রিপোর্ট করা যায় না',
  'You already reported this message: the team will look at it': 'আপনি বার্তাটি আগেই রিপোর্ট করেছেন: আমাদের দল এটি দেখবে',
  'This conversation is not yours': 'এই কথোপকথনটি আপনার নয়',
  'This is your own listing: buyers write to you from it': 'এটি আপনার নিজের বিজ্ঞাপন: ক্রেতারা এখান থেকে আপনাকে লেখেন',
  'This phone has been sold: the conversation is closed': 'ফোনটি বিক্রি হয়ে গেছে: কথোপকথনটি বন্ধ',
  'This listing was removed: the conversation is closed': 'বিজ্ঞাপনটি সরিয়ে নেওয়া হয়েছে: কথোপকথনটি বন্ধ',
  'You blocked this person: unblock them to write': 'আপনি এই ব্যক্তিকে ব্লক করেছেন: লিখতে হলে আনব্লক করুন',
  'This person does not take messages from you': 'এই ব্যক্তি আপনার কাছ থেকে বার্তা নিচ্ছেন না',
  'This clientId was already used for another message': 'এই আইডি অন্য একটি বার্তায় ব্যবহার হয়েছে',
  'This stream ticket is invalid or expired: ask for a new one': 'লাইভ সংযোগের টিকিটটি সঠিক নয় বা মেয়াদ শেষ: নতুন একটি নিন',
  'This stream ticket was already used: ask for a new one': 'লাইভ সংযোগের টিকিটটি আগেই ব্যবহার হয়েছে: নতুন একটি নিন',
  // IMEIs and the blocklist, ratings (issue 28).
  'This phone is already blocked': 'ফোনটি আগেই ব্লক করা আছে',
  'Nobody reported this phone as stolen': 'কেউ এই ফোনটিকে চুরির বলে রিপোর্ট করেননি',
  'imeiChecked must be true or false': 'IMEI যাচাই true বা false হতে হবে',
  'sort must be relevance, newest, price_asc, price_desc or rating': 'সাজানোর ধরন সঠিক নয়',
  'Choose 1 to 5 stars': '১ থেকে ৫টি তারা বেছে নিন',
  'Only the buyer who paid can rate this sale, and only the seller reviewed can reply': 'শুধু যে ক্রেতা টাকা দিয়েছেন তিনি এই বিক্রির রেটিং দিতে পারেন, আর শুধু সেই বিক্রেতা উত্তর দিতে পারেন',
  'You can rate the seller once the phone is paid for (a refunded purchase cannot be rated)': 'ফোনের দাম পরিশোধের পরই বিক্রেতাকে রেটিং দেওয়া যায় (ফেরত দেওয়া কেনাকাটার রেটিং হয় না)',
  'You already rated this purchase: change your review instead': 'আপনি এই কেনাকাটার রেটিং আগেই দিয়েছেন: বরং রিভিউটি বদলান',
  'You already replied to this review': 'আপনি এই রিভিউয়ের উত্তর আগেই দিয়েছেন',
};

/** The names the contract's messages start with: a form's labels and a search's parameters. */
const names: Record<string, string> = {
  'Product name': 'ফোনের নাম',
  Location: 'এলাকা',
  'Meeting location': 'দেখা করার জায়গা',
  Area: 'এলাকা (থানা বা উপজেলা)',
  'Street address': 'বাসা, রাস্তা ও চেনার মতো জায়গা',
  Name: 'নাম',
  Reason: 'কারণ',
  Note: 'মন্তব্য',
  Comment: 'মন্তব্য',
  Reply: 'উত্তর',
  Description: 'বিবরণ',
  'Year of purchase': 'কেনার বছর',
  q: 'খোঁজার শব্দ',
  location: 'এলাকা',
  minPrice: 'সর্বনিম্ন দাম',
  maxPrice: 'সর্বোচ্চ দাম',
  fromYear: 'কেনার বছর',
};

/** What a 404 says was not found. */
const things: Record<string, string> = {
  Product: 'ফোনটি',
  Booking: 'বুকিংটি',
  'Payment method': 'পেমেন্টের এই উপায়টি',
  'bKash payment': 'বিকাশ পেমেন্টটি',
  Brand: 'ব্র্যান্ডটি',
  Photo: 'ছবিটি',
  Seller: 'বিক্রেতা',
  Buyer: 'ক্রেতা',
  'Open reports for this listing': 'এই বিজ্ঞাপনের খোলা রিপোর্ট',
  Conversation: 'কথোপকথনটি',
  Message: 'বার্তাটি',
  'Saved search': 'সংরক্ষিত খোঁজটি',
  'Blocked phone': 'ব্লক করা ফোনটি',
  Review: 'রিভিউটি',
  Dispute: 'আপত্তিটি',
};

const number = (text: string) => new Intl.NumberFormat(intlLocale('bn')).format(Number(text.replaceAll(',', '')));
/** A year, or any figure written without separators: its digits in Bangla. */
const digits = (text: string) => new Intl.NumberFormat(intlLocale('bn'), { useGrouping: false }).format(Number(text));

/** Messages with a name or a figure in them; a pattern whose name is not known above gives no Bangla. */
const patterns: [RegExp, (...parts: string[]) => string | undefined][] = [
  [/^(.+) is required$/, (name) => names[name] && `${names[name]} দিন`],
  [/^(.+) must be at least (\d+) characters$/, (name, n) => names[name] && `${names[name]} অন্তত ${number(n)} অক্ষরের হতে হবে`],
  [/^(.+) must be at most (\d+) characters$/, (name, n) => names[name] && `${names[name]} সর্বোচ্চ ${number(n)} অক্ষরের হতে পারে`],
  [/^(.+) must be (\d+) or later$/, (name, year) => names[name] && `${names[name]} ${digits(year)} বা তার পরের হতে হবে`],
  [/^(.+) must be a year$/, (name) => names[name] && `${names[name]} একটি সাল হতে হবে`],
  [/^(.+) must be a (?:whole )?number of Taka$/, (name) => names[name] && `${names[name]} পূর্ণ টাকায় লিখুন`],
  [/^(.+) cannot be negative$/, (name) => names[name] && `${names[name]} ঋণাত্মক হতে পারে না`],
  [/^(.+) must be at most Tk ([\d,]+)$/, (name, n) => names[name] && `${names[name]} সর্বোচ্চ ৳${number(n)} হতে পারে`],
  [/^(.+) must be text$/, (name) => names[name] && `${names[name]} লেখা হতে হবে`],
  [/^([A-Z]+) is not allowed on (\S+): it answers (.+)$/, (method, path, methods) => `${path} ঠিকানায় ${method} চলে না; চলে: ${methods}`],
  [/^(.+) not found$/, (thing) => things[thing] && `${things[thing]} পাওয়া যায়নি`],
  [/^A listing has at most (\d+) photos$/, (n) => `একটি বিজ্ঞাপনে সর্বোচ্চ ${number(n)}টি ছবি থাকতে পারে`],
  [/^The photo is larger than (\d+) MB$/, (n) => `ছবিটি ${number(n)} MB-এর চেয়ে বড়`],
  [
    /^The photo is (\d+) × (\d+) pixels; at most (\d+) megapixels are accepted$/,
    (width, height, most) => `ছবিটি ${number(width)} × ${number(height)} পিক্সেল; সর্বোচ্চ ${number(most)} মেগাপিক্সেল নেওয়া হয়`,
  ],
  [/^A (.+) payment is being started for this booking in another tab; try again in a moment$/, (wallet) => `এই বুকিংয়ের জন্য অন্য একটি ট্যাবে ${wallet} পেমেন্ট শুরু হচ্ছে; একটু পরে আবার চেষ্টা করুন`],
  [/^That is not the buyer's code: (\d+) tr(?:y|ies) left$/, (n) => `এটি ক্রেতার কোড নয়: আর ${number(n)} বার চেষ্টা করা যাবে`],
  [/^(.+) has not completed this payment$/, (wallet) => `${wallet} এই পেমেন্টটি সম্পন্ন করেনি`],
  [/^(.+) could not be reached to confirm the payment; it is checked again shortly, and you will not be charged twice$/, (wallet) => `পেমেন্ট নিশ্চিত করতে ${wallet}-এর সাথে যোগাযোগ করা যায়নি; একটু পরে আবার দেখা হবে, আর দুবার টাকা কাটা হবে না`],
  [/^(.+) says this payment is still in progress$/, (wallet) => `${wallet} বলছে পেমেন্টটি এখনও চলছে`],
  [/^(.+) could not be reached to start the payment; try again, or pay by card/, (wallet) => `${wallet}-এর সাথে যোগাযোগ করা যায়নি; আবার চেষ্টা করুন, অথবা কার্ডে দিন`],
  [/^At most (\d+) photos$/, (n) => `সর্বোচ্চ ${number(n)}টি ছবি`],
  [/^The refund could not be made \((.+)\): (.+)\. Nothing was refunded; try again\.$/, (method) => `টাকা ফেরত দেওয়া গেল না (${method}): কিছুই ফেরত যায়নি; আবার চেষ্টা করুন।`],
  [/^The payment has not succeeded \(status: (.+)\)$/, (status) => `পেমেন্টটি সম্পন্ন হয়নি (অবস্থা: ${status})`],
  [/^Something went wrong on our side \(request (.+)\)$/, (id) => `আমাদের দিকে একটি সমস্যা হয়েছে (অনুরোধ ${id})`],
  [/^Rate limit exceeded, retry in (.+)$/, () => 'অনেকবার চেষ্টা হয়েছে। একটু পরে আবার চেষ্টা করুন।'],
  [/^The search is not valid: (.+)$/, (inner) => `খোঁজটি সঠিক নয়: ${messageIn(inner, 'bn')}`],
  [/^A review can be changed for (\d+) days after it was written$/, (n) => `লেখার পর ${number(n)} দিন পর্যন্ত রিভিউ বদলানো যায়`],
  [/^You can keep at most (\d+) saved searches: delete one first$/, (n) => `সর্বোচ্চ ${number(n)}টি খোঁজ সংরক্ষণ করা যায়: আগে একটি মুছুন`],
  [/^The sign-in token is invalid or expired/, () => 'সাইন-ইনের মেয়াদ শেষ বা তা সঠিক নয়: আবার সাইন ইন করুন'],
  [/^Your session has expired or is invalid/, () => 'আপনার সেশনের মেয়াদ শেষ: আবার সাইন ইন করুন'],
];

/** An English message from the contract or the API, in a language; as it is when it has no translation. */
export function messageIn(message: string, language: Language): string {
  if (language === 'en') return message;
  const known = exact[message];
  if (known) return known;
  for (const [pattern, translate] of patterns) {
    const match = pattern.exec(message);
    const translated = match && translate(...match.slice(1));
    if (translated) return translated;
  }
  return message;
}

/** Whether a message has a translation into Bangla (for the test that keeps this table in step with the code). */
export const hasBangla = (message: string): boolean => messageIn(message, 'bn') !== message;
