import { describe, expect, it } from 'vitest';
import { samplePricing } from '../../../mocks/handlers/payments';
import { createTestI18n } from '../../../test/i18n';
import { entitlementLines, numberFormatter, visitorAllowanceText } from './entitlements';

const en = createTestI18n('en').getFixedT('en', 'billing');
const vi = createTestI18n('vi').getFixedT('vi', 'billing');

describe("each open tool's meter on the plan cards", () => {
  const free = samplePricing.entitlements.free;

  it("has a line a meter, in the manifest's order, after the models", () => {
    expect(entitlementLines(free, en, numberFormatter('en')).slice(1, 3)).toEqual([
      '100 messages a day',
      '25 images a day in the image tools',
    ]);
  });

  it('says in words that a plan has none of a meter', () => {
    const none = {
      ...free,
      daily: {
        chat: 0,
        images: 0,
        speech: 0,
        transcription: 0,
        music: 0,
        vision: 0,
        pages: 0,
        writing: 0,
      },
    };
    expect(entitlementLines(none, en, numberFormatter('en')).slice(1, 3)).toEqual([
      'No messages in the chat',
      'No pictures in the image tools',
    ]);
    expect(entitlementLines(none, vi, numberFormatter('vi')).slice(1, 3)).toEqual([
      'Không dùng được trò chuyện',
      'Không dùng được các công cụ tạo ảnh',
    ]);
  });

  it("tells a visitor their own allowance, every meter's, as one list", () => {
    const { daily } = samplePricing.visitor;
    expect(visitorAllowanceText(daily, en, numberFormatter('en'), 'en')).toBe(
      'Without an account: 20 messages, 5 pictures, text read from 10 pictures, 5 pieces written, 30 document pages, 3 minutes of music, 2,000 characters of speech, and 2 minutes of dictation a day.',
    );
    expect(
      visitorAllowanceText(
        {
          chat: 2000,
          images: 5,
          speech: 2000,
          transcription: 120,
          music: 180,
          vision: 10,
          pages: 30,
          writing: 5,
        },
        vi,
        numberFormatter('vi'),
        'vi',
      ),
    ).toBe(
      'Khi chưa có tài khoản: 2.000 tin nhắn, 5 ảnh, đọc chữ trong 10 ảnh, viết 5 bài, 30 trang tài liệu, 3 phút nhạc, 2.000 ký tự đọc thành giọng nói và 2 phút nhập bằng giọng nói mỗi ngày.',
    );
  });
});

describe("the voice tool's meter (speech: characters a day)", () => {
  it('has its plan-card line, its none line and its amount in both languages', () => {
    const number = '10,000';
    expect(en('entitlements.meters.speech.daily', { number })).toBe(
      '10,000 characters of speech a day in voice synthesis',
    );
    expect(en('entitlements.meters.speech.none')).toBe('No voice synthesis');
    expect(en('entitlements.meters.speech.amount', { number: '2,000' })).toBe(
      '2,000 characters of speech',
    );
    expect(vi('entitlements.meters.speech.daily', { number: '10.000' })).toBe(
      '10.000 ký tự mỗi ngày trong công cụ chuyển văn bản thành giọng nói',
    );
    expect(vi('entitlements.meters.speech.none')).toBe(
      'Không dùng được công cụ chuyển văn bản thành giọng nói',
    );
    expect(vi('entitlements.meters.speech.amount', { number: '2.000' })).toBe(
      '2.000 ký tự đọc thành giọng nói',
    );
  });
});
