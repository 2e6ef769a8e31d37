import { describe, expect, it } from 'vitest';
import { foldForSearch, matchesQuery } from './matchesQuery';

describe('foldForSearch', () => {
  it('removes Vietnamese tone marks and vowel diacritics', () => {
    expect(foldForSearch('Thanh toán qua VNPay')).toBe('thanh toan qua vnpay');
    expect(foldForSearch('Hướng dẫn sử dụng')).toBe('huong dan su dung');
  });

  it('reads đ and Đ as d', () => {
    expect(foldForSearch('Đăng nhập, đổi mật khẩu')).toBe('dang nhap, doi mat khau');
  });

  it('handles text already in decomposed form', () => {
    expect(foldForSearch('Tie\u0302\u0301ng Vie\u0323\u0302t')).toBe('tieng viet');
  });
});

describe('matchesQuery', () => {
  const text = 'Làm sao để thanh toán qua VNPay? Quét mã VNPAY-QR bằng ứng dụng ngân hàng.';

  it('matches a query typed without accents', () => {
    expect(matchesQuery(text, 'thanh toan')).toBe(true);
  });

  it('matches a query typed with accents and in another case', () => {
    expect(matchesQuery(text, 'THANH TOÁN')).toBe(true);
    expect(matchesQuery('Pay with PayPal', 'paypal')).toBe(true);
  });

  it('needs every word, in any order', () => {
    expect(matchesQuery(text, 'ngan hang vnpay')).toBe(true);
    expect(matchesQuery(text, 'vnpay paypal')).toBe(false);
  });

  it('does not match a word that is not there', () => {
    expect(matchesQuery(text, 'hoàn tiền')).toBe(false);
  });

  it('treats an empty or blank query as matching everything', () => {
    expect(matchesQuery(text, '')).toBe(true);
    expect(matchesQuery(text, '   ')).toBe(true);
  });

  it('ignores accents on both sides, so a search is broad on purpose', () => {
    expect(matchesQuery('Hoàn tiền', 'tien')).toBe(true);
    expect(matchesQuery('Tiên', 'tiền')).toBe(true);
  });
});
