import type { VnpayDelivery, VnpayOutcome } from './outcomes.ts';

/** The payment page in the two languages vnp_Locale offers (vn → Vietnamese, en → English). */
export interface VnpayTexts {
  htmlLang: 'vi' | 'en';
  sandboxLabel: string;
  pageTitle: string;
  sandboxNotice: string;
  amountLabel: string;
  orderInfoLabel: string;
  merchantLabel: string;
  referenceLabel: string;
  outcomeLegend: string;
  deliveryLabel: string;
  deliveryHint: string;
  outcomes: Record<VnpayOutcome, string>;
  deliveries: Record<VnpayDelivery, string>;
  errorTitle: string;
  errorIntro: string;
  notFoundTitle: string;
  notFoundBody: string;
}

export const vnpayTexts: Readonly<Record<'vn' | 'en', VnpayTexts>> = {
  en: {
    htmlLang: 'en',
    sandboxLabel: 'Sandbox',
    pageTitle: 'VNPay payment',
    sandboxNotice:
      'This is a local VNPay emulator: no money moves. Choose how the payment ends and how the gateway notifies the shop.',
    amountLabel: 'Amount',
    orderInfoLabel: 'Order',
    merchantLabel: 'Merchant',
    referenceLabel: 'Reference',
    outcomeLegend: 'Payment result',
    deliveryLabel: 'Notification (IPN) order',
    deliveryHint:
      'How the server-to-server notification is sent relative to the return to the shop.',
    outcomes: {
      success: 'Pay successfully',
      cancel: 'Cancel payment',
      insufficient: 'Insufficient funds (51)',
      expired: 'Payment window expired (11)',
      suspicious: 'Suspicious transaction (07)',
      otp_wrong: 'Wrong OTP (13)',
      bank_maintenance: 'Bank under maintenance (75)',
    },
    deliveries: {
      ipn_first: 'IPN first, then return (default)',
      return_first: 'Return first, IPN shortly after',
      concurrent: 'IPN and return at the same time',
      ipn_duplicate: 'IPN sent three times',
      ipn_never: 'No IPN at all',
      ipn_delayed: 'IPN delayed',
      ipn_tampered_amount: 'IPN with a tampered amount',
      ipn_bad_signature: 'IPN with a bad signature',
    },
    errorTitle: 'Payment request refused',
    errorIntro: 'The gateway could not accept this payment request.',
    notFoundTitle: 'Not found',
    notFoundBody: 'There is no such page on this VNPay emulator.',
  },
  vn: {
    htmlLang: 'vi',
    sandboxLabel: 'Thử nghiệm',
    pageTitle: 'Thanh toán VNPay',
    sandboxNotice:
      'Đây là trình giả lập VNPay cục bộ: không có tiền thật nào được chuyển. Hãy chọn kết quả thanh toán và cách cổng thông báo cho cửa hàng.',
    amountLabel: 'Số tiền',
    orderInfoLabel: 'Đơn hàng',
    merchantLabel: 'Đơn vị chấp nhận thanh toán',
    referenceLabel: 'Mã tham chiếu',
    outcomeLegend: 'Kết quả thanh toán',
    deliveryLabel: 'Thứ tự thông báo (IPN)',
    deliveryHint: 'Cách gửi thông báo giữa máy chủ với máy chủ so với việc quay lại cửa hàng.',
    outcomes: {
      success: 'Thanh toán thành công',
      cancel: 'Hủy thanh toán',
      insufficient: 'Không đủ số dư (51)',
      expired: 'Hết hạn chờ thanh toán (11)',
      suspicious: 'Giao dịch nghi ngờ (07)',
      otp_wrong: 'Sai mã OTP (13)',
      bank_maintenance: 'Ngân hàng đang bảo trì (75)',
    },
    deliveries: {
      ipn_first: 'IPN trước, rồi quay lại (mặc định)',
      return_first: 'Quay lại trước, IPN ngay sau đó',
      concurrent: 'IPN và quay lại cùng lúc',
      ipn_duplicate: 'Gửi IPN ba lần',
      ipn_never: 'Không gửi IPN',
      ipn_delayed: 'IPN bị trễ',
      ipn_tampered_amount: 'IPN với số tiền bị sửa',
      ipn_bad_signature: 'IPN với chữ ký sai',
    },
    errorTitle: 'Yêu cầu thanh toán bị từ chối',
    errorIntro: 'Cổng thanh toán không thể chấp nhận yêu cầu này.',
    notFoundTitle: 'Không tìm thấy',
    notFoundBody: 'Trình giả lập VNPay không có trang này.',
  },
};
