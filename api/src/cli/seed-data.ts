// Demo data for `pnpm --filter api seed` and the first `pnpm start`. Images live in assets/images/products.

export const seedBrands = ['Apple', 'Samsung', 'Xiaomi', 'OnePlus', 'Google Pixel', 'Realme', 'Oppo', 'Vivo', 'Nokia', 'Motorola'] as const;
export type SeedBrand = (typeof seedBrands)[number];

export const demoPassword = 'phonehaat123';

export const demoUsers: { email: string; name: string; role: 'admin' | 'Seller' | 'Buyer'; verified: boolean }[] = [
  { email: 'admin@phonehaat.test', name: 'Ayesha Rahman', role: 'admin', verified: false },
  { email: 'seller@phonehaat.test', name: 'Karim Hossain', role: 'Seller', verified: true },
  { email: 'seller2@phonehaat.test', name: 'Nusrat Jahan', role: 'Seller', verified: false },
  { email: 'buyer@phonehaat.test', name: 'Tanvir Ahmed', role: 'Buyer', verified: false },
];

export interface SeedProduct {
  name: string;
  brand: SeedBrand;
  /** File name under assets/images/products. */
  image: string;
  condition: 'Excellent' | 'Good' | 'Fair';
  resalePrice: number;
  originalPrice: number;
  usedYear: number;
  phone: string;
  location: string;
  description: string;
  sellerEmail: string;
  advertised: boolean;
}

const KARIM = 'seller@phonehaat.test';
const NUSRAT = 'seller2@phonehaat.test';

export const seedProducts: SeedProduct[] = [
  { name: 'iPhone 13 Pro 256GB', brand: 'Apple', image: 'iphone-13-pro.svg', condition: 'Excellent', resalePrice: 68000, originalPrice: 134999, usedYear: 2022, phone: '01711-234567', location: 'Dhanmondi, Dhaka', description: 'Battery health 88%. Always used with a case and screen protector; box and original cable included.', sellerEmail: KARIM, advertised: true },
  { name: 'iPhone 12 128GB', brand: 'Apple', image: 'iphone-12.svg', condition: 'Good', resalePrice: 42000, originalPrice: 99999, usedYear: 2021, phone: '01711-234567', location: 'Mirpur 10, Dhaka', description: 'Light scratches on the frame, screen is spotless. Face ID and all cameras work perfectly.', sellerEmail: KARIM, advertised: false },
  { name: 'iPhone 11 64GB', brand: 'Apple', image: 'iphone-11.svg', condition: 'Fair', resalePrice: 27500, originalPrice: 74999, usedYear: 2020, phone: '01819-445566', location: 'Agrabad, Chattogram', description: 'Battery health 79%, so it needs charging by evening. Never opened or repaired; a small dent on the bottom corner.', sellerEmail: NUSRAT, advertised: false },
  { name: 'iPhone 14 Plus 128GB', brand: 'Apple', image: 'iphone-14-plus.svg', condition: 'Excellent', resalePrice: 82000, originalPrice: 124999, usedYear: 2023, phone: '01819-445566', location: 'Gulshan 2, Dhaka', description: 'Like new, 94% battery health. Selling because I switched to a smaller phone. Box and receipt available.', sellerEmail: NUSRAT, advertised: true },
  { name: 'Galaxy S23 Ultra 256GB', brand: 'Samsung', image: 'galaxy-s23-ultra.svg', condition: 'Excellent', resalePrice: 98000, originalPrice: 164999, usedYear: 2023, phone: '01711-234567', location: 'Banani, Dhaka', description: 'S Pen included and working. Official Samsung Bangladesh unit with four months of warranty left.', sellerEmail: KARIM, advertised: true },
  { name: 'Galaxy S21 FE 128GB', brand: 'Samsung', image: 'galaxy-s21-fe.svg', condition: 'Good', resalePrice: 31000, originalPrice: 69999, usedYear: 2022, phone: '01819-445566', location: 'Zindabazar, Sylhet', description: 'Minor wear on the back glass. Fast charger included; battery easily lasts a day.', sellerEmail: NUSRAT, advertised: false },
  { name: 'Galaxy A54 5G 8/128GB', brand: 'Samsung', image: 'galaxy-a54.svg', condition: 'Excellent', resalePrice: 34000, originalPrice: 49999, usedYear: 2024, phone: '01711-234567', location: 'Uttara Sector 7, Dhaka', description: 'Barely used, still has the factory screen protector. Comes with the box and a clear case.', sellerEmail: KARIM, advertised: false },
  { name: 'Galaxy Note 20 Ultra', brand: 'Samsung', image: 'galaxy-note-20-ultra.svg', condition: 'Fair', resalePrice: 36500, originalPrice: 139999, usedYear: 2020, phone: '01819-445566', location: 'Shaheb Bazar, Rajshahi', description: 'Screen has a faint burn-in visible on grey backgrounds only. Everything else works well.', sellerEmail: NUSRAT, advertised: false },
  { name: 'Redmi Note 13 Pro 8/256GB', brand: 'Xiaomi', image: 'redmi-note-13-pro.svg', condition: 'Excellent', resalePrice: 27000, originalPrice: 36999, usedYear: 2024, phone: '01711-234567', location: 'Mohammadpur, Dhaka', description: 'Official unit, six months old. 200 MP camera takes lovely photos. Box, charger and case included.', sellerEmail: KARIM, advertised: true },
  { name: 'Xiaomi 12T 8/256GB', brand: 'Xiaomi', image: 'xiaomi-12t.svg', condition: 'Good', resalePrice: 32000, originalPrice: 59999, usedYear: 2023, phone: '01819-445566', location: 'Khulshi, Chattogram', description: '120 W charger included. A couple of hairline scratches on the screen, not visible when on.', sellerEmail: NUSRAT, advertised: false },
  { name: 'Poco X5 Pro 5G', brand: 'Xiaomi', image: 'poco-x5-pro.svg', condition: 'Good', resalePrice: 21000, originalPrice: 32999, usedYear: 2023, phone: '01711-234567', location: 'Sonadanga, Khulna', description: 'Great for gaming, never rooted. Back has a small scuff near the camera.', sellerEmail: KARIM, advertised: false },
  { name: 'Redmi 12 8/128GB', brand: 'Xiaomi', image: 'redmi-12.svg', condition: 'Excellent', resalePrice: 13500, originalPrice: 18999, usedYear: 2024, phone: '01819-445566', location: 'Kandirpar, Cumilla', description: 'Bought for my father who prefers his old phone. Used for two weeks only.', sellerEmail: NUSRAT, advertised: false },
  { name: 'OnePlus 11 5G 16/256GB', brand: 'OnePlus', image: 'oneplus-11.svg', condition: 'Excellent', resalePrice: 58000, originalPrice: 89999, usedYear: 2023, phone: '01711-234567', location: 'Bashundhara R/A, Dhaka', description: 'Eternal Green colour. 100 W charger and original case included. No repairs, no scratches.', sellerEmail: KARIM, advertised: true },
  { name: 'OnePlus Nord CE 3 Lite', brand: 'OnePlus', image: 'oneplus-nord-ce3-lite.svg', condition: 'Good', resalePrice: 17500, originalPrice: 27999, usedYear: 2023, phone: '01819-445566', location: 'Chawkbazar, Chattogram', description: 'Battery is still strong. Small mark on the frame from a drop; the screen was never cracked.', sellerEmail: NUSRAT, advertised: false },
  { name: 'OnePlus 9 Pro 12/256GB', brand: 'OnePlus', image: 'oneplus-9-pro.svg', condition: 'Fair', resalePrice: 33000, originalPrice: 84999, usedYear: 2021, phone: '01711-234567', location: 'Tejgaon, Dhaka', description: 'Hasselblad camera is excellent. The back glass has a crack in one corner, covered by the case.', sellerEmail: KARIM, advertised: false },
  { name: 'Google Pixel 7 Pro 128GB', brand: 'Google Pixel', image: 'pixel-7-pro.svg', condition: 'Excellent', resalePrice: 54000, originalPrice: 104999, usedYear: 2023, phone: '01819-445566', location: 'Baridhara DOHS, Dhaka', description: 'Brought from the US, works on all Bangladeshi networks. Best camera I have owned.', sellerEmail: NUSRAT, advertised: true },
  { name: 'Google Pixel 6a', brand: 'Google Pixel', image: 'pixel-6a.svg', condition: 'Good', resalePrice: 22500, originalPrice: 46999, usedYear: 2022, phone: '01711-234567', location: 'Panchlaish, Chattogram', description: 'Compact and clean Android. Battery health is good; a few scratches on the back.', sellerEmail: KARIM, advertised: false },
  { name: 'Google Pixel 8 128GB', brand: 'Google Pixel', image: 'pixel-8.svg', condition: 'Excellent', resalePrice: 61000, originalPrice: 92999, usedYear: 2024, phone: '01819-445566', location: 'Lalkhan Bazar, Chattogram', description: 'Seven years of updates promised. Includes a Spigen case and a spare screen protector.', sellerEmail: NUSRAT, advertised: false },
  { name: 'Realme 11 Pro+ 5G', brand: 'Realme', image: 'realme-11-pro-plus.svg', condition: 'Excellent', resalePrice: 33500, originalPrice: 47999, usedYear: 2024, phone: '01711-234567', location: 'Shantinagar, Dhaka', description: 'Vegan leather back in perfect shape. Official warranty until next March.', sellerEmail: KARIM, advertised: true },
  { name: 'Realme C55 8/256GB', brand: 'Realme', image: 'realme-c55.svg', condition: 'Good', resalePrice: 14000, originalPrice: 21999, usedYear: 2023, phone: '01819-445566', location: 'Rangpur Sadar, Rangpur', description: 'Good everyday phone with a big battery. Charger included, box lost.', sellerEmail: NUSRAT, advertised: false },
  { name: 'Realme GT Master Edition', brand: 'Realme', image: 'realme-gt-master.svg', condition: 'Fair', resalePrice: 16000, originalPrice: 34999, usedYear: 2021, phone: '01711-234567', location: 'Boalia, Rajshahi', description: 'Performance is still smooth. Screen has a few visible scratches; priced to sell quickly.', sellerEmail: KARIM, advertised: false },
  { name: 'Oppo Reno 10 5G', brand: 'Oppo', image: 'oppo-reno-10.svg', condition: 'Excellent', resalePrice: 35000, originalPrice: 54990, usedYear: 2024, phone: '01819-445566', location: 'Wari, Dhaka', description: 'Portrait camera is superb. Used carefully for three months; box, charger and receipt included.', sellerEmail: NUSRAT, advertised: true },
  { name: 'Oppo A78 8/128GB', brand: 'Oppo', image: 'oppo-a78.svg', condition: 'Good', resalePrice: 16500, originalPrice: 25990, usedYear: 2023, phone: '01711-234567', location: 'Nasirabad, Chattogram', description: 'Works perfectly; a small scratch on the back. 67 W charger included.', sellerEmail: KARIM, advertised: false },
  { name: 'Vivo V29 5G 12/256GB', brand: 'Vivo', image: 'vivo-v29.svg', condition: 'Excellent', resalePrice: 39000, originalPrice: 54999, usedYear: 2024, phone: '01819-445566', location: 'Ambarkhana, Sylhet', description: 'The Aura ring light makes night portraits look great. Frosted glass back has no scratches; box and charger included.', sellerEmail: NUSRAT, advertised: true },
  { name: 'Vivo Y36 8/128GB', brand: 'Vivo', image: 'vivo-y36.svg', condition: 'Good', resalePrice: 15500, originalPrice: 24999, usedYear: 2023, phone: '01711-234567', location: 'Gazipur Chowrasta, Gazipur', description: 'Reliable phone with long battery life. Slight wear on the corners.', sellerEmail: KARIM, advertised: false },
  { name: 'Nokia G21 4/128GB', brand: 'Nokia', image: 'nokia-g21.svg', condition: 'Good', resalePrice: 9500, originalPrice: 17999, usedYear: 2022, phone: '01819-445566', location: 'Kushtia Sadar, Kushtia', description: 'Three-day battery, clean Android. Ideal for parents or as a second phone.', sellerEmail: NUSRAT, advertised: false },
  { name: 'Nokia X30 5G', brand: 'Nokia', image: 'nokia-x30.svg', condition: 'Excellent', resalePrice: 24000, originalPrice: 44999, usedYear: 2023, phone: '01711-234567', location: 'Savar, Dhaka', description: 'Recycled aluminium body, feels premium. Used lightly at home; comes with the box.', sellerEmail: KARIM, advertised: false },
  { name: 'Motorola Edge 40 8/256GB', brand: 'Motorola', image: 'moto-edge-40.svg', condition: 'Excellent', resalePrice: 36000, originalPrice: 52999, usedYear: 2024, phone: '01819-445566', location: 'Halishahar, Chattogram', description: 'Curved pOLED screen, IP68. Everything original; charger and case included.', sellerEmail: NUSRAT, advertised: true },
  { name: 'Moto G84 5G 12/256GB', brand: 'Motorola', image: 'moto-g84.svg', condition: 'Good', resalePrice: 21500, originalPrice: 30999, usedYear: 2024, phone: '01711-234567', location: 'Narayanganj Sadar, Narayanganj', description: 'Viva Magenta colour. Near-stock Android and a stereo speaker pair that is loud and clear.', sellerEmail: KARIM, advertised: false },
  { name: 'Galaxy Z Flip4 256GB', brand: 'Samsung', image: 'galaxy-z-flip4.svg', condition: 'Good', resalePrice: 45000, originalPrice: 109999, usedYear: 2022, phone: '01819-445566', location: 'Khilgaon, Dhaka', description: 'Hinge is firm and the fold crease is normal. Outer screen perfect. Box and charger included.', sellerEmail: NUSRAT, advertised: false },
];
