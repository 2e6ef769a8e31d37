import type { VisionLine } from '@studio/contracts';

/*
 * Two real pictures and what the API's OCR engine read in them (Tesseract 5 through
 * apps/api's tesseract-engine, languages en+vi): drawn with sharp from SVG text in DejaVu Sans,
 * then read once, so every box below lies on its word in the picture. A receipt in English laid
 * out in columns (a table), and a notice in Vietnamese.
 */

export interface VisionSample {
  fileName: string;
  width: number;
  height: number;
  /** The PNG, base64. */
  png: string;
  text: string;
  confidence: number;
  lines: VisionLine[];
}

export const receiptSample: VisionSample = {
  fileName: 'receipt.png',
  width: 520,
  height: 300,
  png: 'iVBORw0KGgoAAAANSUhEUgAAAggAAAEsBAMAAABUB1btAAAAMFBMVEX7+PEdHR99fHrp5uC2tLCkop7HxcAqKitJSUk6Ojv08etZWFfY1dBqaWiMi4iXlZK01OBbAAAACXBIWXMAAAsTAAALEwEAmpwYAAAOsElEQVR42u2dfWxb1RXAL7brJI6T7KRJbeM4sQMdsA/mUKmFaZoSCNn+6CCemrGJrU1G1jGoRN3AugECG/5YR4HGRUwdG5o7QZOuSMQC9kEYOKy0UoEtZioIlYoYjRU0bYrL0NhHyc65971nh7rNs2kSv/T8/ohfXD/X9/fu14vPuVcIhmEYhmEYhmEYhmEYhmEYhmEYhmEYZsG46cj4m2l59Kcj44fl0aN9SE+SDr/T14dP2fv6OoWrT5EUy+S/hwvexHXVkfGV8gl6lXyTF9SrO+lkSeUqcH0DEG8nHn6Zjvz9eNQBxmEWYFgIJ0BM2EGRFlVgnKSwHzNOcODBJD2XU6+OyWcQT+VKuFR9wjEhfqmOWg0J0KYkNJ9CAjQa7/I99UQQD+vw8VZrSbAnDAkZrYxThgQsLknwJU8hAfq1d3FG8xLo3GZrSRjFD/e/VS+kxsQyOvrCvwCaZEHe/jAhfaAEmDYkBNqRMElYuT6uVXtkDbaNb666KUESItQulAQPvbqXJDTiwcUVKwE/8t10KYNiBOABIdxR8EoJabFXFjIra7cuoUWdhRI6RTU9pwipSuCYxh9x8MkqhBK86l9RwuaKHhoS4AsbOjrVQ7+SYJONJCu7iWISGmSXKduUdu0JN8AOWYWsI8Gtej8iAz56GKES6BKCJMEPnvApJIypX7ElrdDfsR7gPWXHMhKWGeXCOhGgh1oqmt4cOklCawqCugT/0aNHD2sSaqmzkNQVlLIGIJySTrBPwFcfTZOEAB68WqkS6vMfP6rqhI0uI0r4J3Z8fjlEtg7AUOHo0CglnL8hTsOGMMRpDOBZETl45vQRRBsdmitVgs1o1y7tU0ot2hD5ZyWhDgInSyCe0N6lOj9OYKtqxtM9SatKaNMkDGsS5O8oATuOA8UkGHOlAgmuKCynmtFpIQlY5HON5tCqte+YXhMmlQQcAV/VJLR1d3evNWrC08JoDrF8JzOmfqAEH766O0wSblbnVSaOfL+uugB1VVHCumv1aXMrzoXaThod/vqtfFWwaRNl5eO5meOA1cE6owNNAo0JDzVkMQHQq0aHDHjSSoINPEWGyJAxbXbm6/oEGLcd1pkspbSShLFbl1McvIMIKwlrtBljq7BHoYiEvcaY4ErgVEK9S1aT4LWSBLxyt+DD82NUkZtlJxHQps0NsswkQRbtJAkFTQmnmT/BhxuDQrsfo/OtIwELDTtnLsRrincNcP/xhLyDkBKwow9oEkag8C5yWknAAvvzPQHc9eHrclJ188aNG2+kyWahhFn3nJVHxriV7tLuePs1CXT900pCQ1EJEaNcrrh2K21TQ4qDekoLSVgW1SU4VVW+V+gSZKcgJWCjLyKhJj9R1P4gMzWi7sKwEjVZSYL4Il3FHTQwPEpHTwlDQj31AVICXfSTJRTeNz2PmjxPJrvUEIMjR8BSEoR9cN0NHz0q4350cN0h/qM1wzAMwzAMwzAMwzAMwzAMwzAMwzAMwzAMwzAMwzAMwywl3IPXlX3u38bTpZ1AkdxXz4QrzcElGHv/i6QQj890mnk5pSJ47gob2QtlSAhVXPy5I6olHXTks07nkoDpJktLAuZjbZep7OYlbAUtD4tWQAmXLeGAWkRF2DeGhVs7FouVy/9zypIImpcQEI+qRDbXoDLgGlxLRVjdEzYlIasSMnBtlS1hzP5rOgZ3uuMysWsRszXTlE03dA59tCcp/7LGyLw8lQRsBZP10HQNTFNzcGNa051CvKgt9GJSAi2FgjlgNvDi47/zdWsxqJMZZh3QJCWMJTCbZkCuUnFaCSEYq4cAKAlfkmnMMuemyYyEaxOwfTydgwcvx7fCTK6HMZPnvqisW4tEtcy9rYHW2hTcNj6Vk5mo6Tkk4OowQUxY8vyIJGBq387jOzGL646ro3NfTqNPoNfi2TbsjjrAj8lMY4snoUYmKNeiCtknjOCPhPf0fYKv/TWszihhyhWWxfCGxR4sWS8m+U2ZleAGb3d3BnptmPdVgzWow0gBX3wJNmhxnj7nXg2RAUxd86shskalqMVhXXdk7pLoErSMtSkb/m/VmAS3ezEl6M2hTUlwQ6sNhuaU4PkPSmhTEqooY51WAiCGS5SA2Z1N+BmWL25NsOkdozZEpnx786tUFJfgnXn/BkpibCoiYbP55uBfhSQrQoI+RN6qSeiCOeZzDVruvyHBaA5/wEKZ6hiz2H1gx4j/7+OiIiTIydIymvzslnUZU3F9oiQJRseInaKj34yECHh/j97v6D4RrRAJatrsTWLxfeNyMaPW0iTgELnlLRoiAz1fTfSakbCGRMvJElSIBHUD9YRK6u+l1OuW0iTokyX5PqYkuF+n2vZ17F8PV4gEcUlCXXzXB1EqQ2iOWcvJErRp88vo4P5S5r6rez5fSX9UifrCBc2jt9Q3cA1uooc9PZbO4D4I9xjHGV9SnJU4jSVvGn5sLBB31nFgY9JYwWhMnO00jB8WDMMwDMMwDMMwDMMwDMMwDMNYkyNFvsF8/khQXD7eu1AfYfWZCia1d5v4OjbRWeS5cJHvxLZikODWqYVRYH8XA0vLsxBqzS9Rj/Ed9gwEwmdKQi1+GTiyQixYuM5dny7vmzenHs2R2bVtG77DqG8mcc+ZklCDcVATsYWS4PwMxik1lXPm3p/pElTLzd4jRttMSXDJBAv1U+xZa0hQDXP/FfjjHNweZyAml3tPy4/ZM99Rv3WBslrDV2ZLwOI5fGYkuI7J1ALcH/BTcqeDezUJGBy9Re4E+QxFTgHt/pd0p8CH2hpw/4vk/EqoL0eCM1A3S4Ibo6Jd0bQJCfs8K098X9R5Vr6L0YNdjRt+Gg2rPSB3rP8tNrKnPvCEG0KN7d/O7GwXB71vZ7CehrasN9HUPha1reW0hiFDwsUX9+MlpWDgeKcJCVnc3+RXIvKAsMc7XdFecRlICXsxqtQuavBNU5NGc4hPUfVyYLjf6DzvbTXQUsZJ2d66/OjgxW1rKCg0NW1CQlSaIl9dkw4v9c1SQtdD8rPgz4nlugSnNNtfSxuq+ud5R9MyhmP8TLqEz37tqsSQalOZqbkluEHIXdEw9HNi2EaXX0kIBaVbDKetadIl1Dfiq0K9VS34ML+7oV7qL6PPGb3dkIBcFjAvwenTNo6kKOA6Gk9Un5CRtSiE74AXXpOggh2n1a5p8+nAlXq6nNYwXSjB4THfHDQJnhlkei4JfnpVf0cbPcynhH3lVASReKX9Iu/nhLEhaNJ0x6iag9YG5moOatza3SLmebPrVFljT1Tbi8yQYH6IVJPGuBxYaWZxuo5RxRPWzndE3T5vuLx4t403Nm7Sf2vwlTBZyqkh8nasA+liQ6SrcIjE6uFI0hApVs9nRbi77Ikmbd31nHDjJOG7rSVMm9VkyeZ5c31qSnQFNuw6ebJkSDjoXXk8kRShwPt/bxTzuLMt3v7cV7YEnHE7fK9cSBGxo75/mLuB0qbNmBd5Wz/Fhc+eNl9P02ZDAt6awk78lBh//et53d63oG2XIwETO+GOpNlbaZG/ddq/KaluoIy/bMgc0/3XFXmte7DC46bt+9ca6b4MwzAMwzAMwzAMwzAMwzAMwzAMw1QI1xYL5N43Kay07rcWIm4uwBvgB+d99MnsVJFX7t68cIX54+swXcZptqj8Cr0gRNxkgPf28YQvbEbC6AKudRSCsiRU39b+GsWP5EPETQd4uxNBMxIWkvVXpMqR4MZLH580QsSbSwnwzsUocPsGoSK3pYQ9PcIISEjjPy74l/xlSSAiw4Uh4qZjlkQkRqEnHgzvzn2S1sQU2b8kKHaFWlnbNRjKfYzWPlvIPuHjSIiJfIi4+eg1kQqK2p3vX4Dicr959h0MUMumnntXxanZ/IHj0be2nMDlo60hwRWfLggRNxvHuHLDOxgvR60JjeUwVo1Cvtvwt0619huu/rwVl3Eds4QE54cXNCZFPkTcbEQr6KOKCPWKHEYtZoMiG1OhrFQThKjCOLWJYUtIwNVMzysMETcb23x+9wkPXvRHjrfHgyKHXWtkkjyIXFCPcK3GBIdzPmEJCe7uD3zpghBx0wHeOJYMUeTe1mhQlrxrUg6RESUBe8RaTACrOtcqHWMmpncOGCJuPt9B1DSLg22HyMASkNCxXI8MTpaS+SKqW2XpQ0tCQtWKghDxEobIkWYRmpZxy0tAwsTywhBx05Mle2ZIRMZw7WPLS3gJx4RUjAK89RBxk9PmXdsSOBdY4+9LpSpHwvXboru2lX5a18PtKbyBwvmyHiJuMsAb4Idv4CwjAbdEKkfCAG3XUPppL0bB84ZQElSIuPkAb+Kxxd3z6AzxmHYbmIcDvBmGYRiGYRiGYRiGYRiGYRiGYRiGYRiGYRiGYRiGYRhL89/x9BIohZldtRJypwbQEiodM++JglTdfksVt1qWRG2cNKF2q1CrkIdLk2CDFUtLgpM2O7j7rJPQUiAhhhsU+C+COfdSWrXqEsB9XML2wU2GBNeB7kMWlEB0FWymlsFclhwEXQmYu2+zAaY+OlMAD1JqJcAKzP8Az3nWlJDCdGYNO2ASWBzLEIIpcxK6qPhBJcEhk0aSVpTgLNgPwYZb5blwD7NZteN0EuxReDYDzct+B97xZxxb1l1JaVEWlFAH+R261sAQ7vrioVSiYVMSbEBZQz7VJ7iS1LFMWlHCBDxkHGN3gDXDRxI2m5JQjYV3RSGsOsZH3jqSwp7VghJC+UVIZH/oVDXBnIQqwIxK7ESkBGdCDS/Wk2CPepL5HVMCorTmMEvCXvC9krGkhHpoLJg1UMsupWOc1RwG8KQJS0oYoWsp7C8dMmYMpQyResdYT71rF3aKWUtKiACtrFMrZ41qxpCDSdOTJW2IpLzS7ZMTcOfl1uwTVHGlBG3GYG7aPGuyRDJguBYPLTk6OEBuYSklaDMGczdQmgS3nDYL8XIChjG9uLHDihKq1e2flKDPGF4sZYNqV37lNuHuWULpxauXRA44wzAMwzAMwzAMwzAMwzAMwzAMwzAMwzAMwzAMwywJ/g+QzpLmX2TjHwAAAABJRU5ErkJggg==',
  text: 'CORNER CAFE\n\nItem Qty Price\nIced coffee 2 4.50\nBanh mi 1 3.20\n\nTotal 7.70',
  confidence: 94,
  lines: [
    {
      text: 'CORNER CAFE',
      confidence: 92,
      box: { x: 32, y: 30, width: 217, height: 21 },
      words: [
        { text: 'CORNER', confidence: 92, box: { x: 32, y: 30, width: 128, height: 21 } },
        { text: 'CAFE', confidence: 91, box: { x: 172, y: 30, width: 77, height: 21 } },
      ],
    },
    {
      text: 'Item Qty Price',
      confidence: 94,
      box: { x: 32, y: 94, width: 458, height: 21 },
      words: [
        { text: 'Item', confidence: 93, box: { x: 32, y: 94, width: 53, height: 17 } },
        { text: 'Qty', confidence: 95, box: { x: 332, y: 94, width: 42, height: 21 } },
        { text: 'Price', confidence: 96, box: { x: 430, y: 94, width: 60, height: 17 } },
      ],
    },
    {
      text: 'Iced coffee 2 4.50',
      confidence: 93,
      box: { x: 32, y: 139, width: 457, height: 17 },
      words: [
        { text: 'Iced', confidence: 87, box: { x: 32, y: 139, width: 43, height: 17 } },
        { text: 'coffee', confidence: 95, box: { x: 85, y: 139, width: 66, height: 17 } },
        { text: '2', confidence: 96, box: { x: 332, y: 139, width: 10, height: 17 } },
        { text: '4.50', confidence: 96, box: { x: 442, y: 139, width: 47, height: 17 } },
      ],
    },
    {
      text: 'Banh mi 1 3.20',
      confidence: 95,
      box: { x: 32, y: 184, width: 457, height: 17 },
      words: [
        { text: 'Banh', confidence: 95, box: { x: 32, y: 184, width: 53, height: 17 } },
        { text: 'mi', confidence: 95, box: { x: 96, y: 184, width: 24, height: 17 } },
        { text: '1', confidence: 96, box: { x: 333, y: 184, width: 10, height: 17 } },
        { text: '3.20', confidence: 95, box: { x: 443, y: 184, width: 46, height: 17 } },
      ],
    },
    {
      text: 'Total 7.70',
      confidence: 95,
      box: { x: 30, y: 244, width: 460, height: 17 },
      words: [
        { text: 'Total', confidence: 95, box: { x: 30, y: 244, width: 59, height: 17 } },
        { text: '7.70', confidence: 96, box: { x: 438, y: 244, width: 52, height: 17 } },
      ],
    },
  ],
};

export const noticeSample: VisionSample = {
  fileName: 'thong-bao.png',
  width: 520,
  height: 260,
  png: 'iVBORw0KGgoAAAANSUhEUgAAAggAAAEEBAMAAAC/+NG2AAAAMFBMVEX7+PEdHR/Y1dDo5d/Hxb9IR0dZWFeYlpMsKy3z8Oo6Ojq3tbGnpaJraWiIh4R5eHaRJMLdAAAACXBIWXMAAAsTAAALEwEAmpwYAAAUlUlEQVR42u2dDXBT15XHb/Rsi4e/em0kC/lLJl8UmlSOCctCupGabNOWSYtoWD7aEGuZAE1YgtkkTlkSEAw0pFlit5B62WmKm6ZJaUMtQpc2dKbWZrMki0NRt5ul7WYHddJCswzYTaewbCbsOefe96QnycQ0xkj0/GdA8tO7T+/+3r3n3vd0zrlCsFgsFovFYrFYLBaLxWKxWCwWi8VisVisS6eqefNW/RHFXPPu6rp8ICR8sfo/oth2ueTyYVAi506RoQsvl/ReRg1hsrfLjG684GIV8ueXkUn4SlAI488vuJjZdlkZRvOqjwbzf2IM+8lIj1BYumeXpVDlrl3tsKVMvYivLpfS/0uy9/BpH7wu2vVdqtprMSl9ywLWIbDwM3e+qf/6xa5d39Rv/yICR/hdEUDolZb6SqXcCVvgZQ727RhtnYsQpPokJuuwyCtq/0brELr8XDVAwrtmtf3ravu/FzGEIbXV16cq1mBD+Jre35MFwUdNowrf0fBgRNR2f6BoIVBlnoP/JigI/i4LQhQ/2ZULQR7GP8bTofDdk1gKD/90wUMYGBj4Vynr4CXogBCH9h4QL1LtEYJcpSEgnc8GxbYHMiA0CrNDyvX4Rxj3JZuSkrIpaL6S0W8KWdVSThSq9mkI0JYHoUnDlexXELZoCDOgz1Nz/1QmBFEpZS1NlaRHvTNi1CJc8BIoUgglqgPghd2pIDRpCCl9odMiCPogZkzW91Kvcesm0EE0ixICVKFOb6tFCF7pCyoIkZwrS7XdoQpXQJNJkbkoI3MiRKv6oIggbD158uRxhABVqNHGvgEhTIjB9UQIRoZFtCF4Bg5FsN9Q1QdbCNM4bSTKdD8pHghac/D9B9SdAFQcINSkoCox9R6uuzkJFHSODk36uodKqQN0625TrVtEEUIYr69jOVYOIfRA3RECbVBWYtAJYYmyAD7sSlsIR7tuS/VFCmFcNgSoWeD8EGh20AvTRYOq3aInDsUHYfPSpUuX5+0OZq88jBBKaFacBcHT+UiSjEgJtf0I9pjWou0O9uiQbRhrRAKNo2UYXW8cyYTQKDQcONTTbW0wKgbFFXpUsI5UhBCq1N2CqgJBKJVeGiJ7sYZqGMiEALNpgNNjdY1VduV7dMcqzskSjYQterJUg8aA5g5DqvY5EJJgEnGybVmVKj1eJLRtKMZpM82XhQl3S0cVBJwlIYQW1UayIYDN8KmbK1IN9ht8Qomz51CxQoALWNclrpE4U1QQwgoC3CTIt2kvB4SPYNMx7PGliZrMl4T4JMw2i/YGCuu6+T8kjW8KQpmCYGKL+NbrsUwIvl3P0YdubQeS0k8Tabn5HvhvQ9FCMKO2idMQXAqCuNG62tnzhIXW8xg0DSHh0o8qfKGihSCeUlX4jrAgwPUlCKZ+5uTpc0Jo7EJ7sUqPCGAMp2c+ditOCOLDeCXnd6UhtOg7S9dZrNvikOPJ0mMrA2QG6IaikibO4nZ8IHtvcT9yd/3o4CfyfzJr4OAH398RWCwWi8VisVgsFovFYrFYLBaLxWKxWCwWi8VisVgsFovFYrFYrAtQ+e+H/+zBOwOOvz/8V3ky8vwkdN7jr8v5+Mf9l6KeFcO4ILtx+wz/8PkwVl/T7vh79tQ8sW8z06lZtu13QpsOnuCTs+PqXY+NaQIOHabRVF2X//NqjHK5Z/J5op2nHHX+XeUMb9iHdXZtshLuuGPS35f5eetOCCLbnHXM7WMbImHOm7fIN2/e54aD4P4stJIJ5cMH9RlfzNrwlvNKJ6lhhy1SqcbOiKOp3IgNKZ7Vhc6ExrwnYMSXA8L1zkRJFX1iYNjSrn5R5TjlvVQgC0LJq4KOYUJgVaUn1+j0O77TvF9cIgjmbPsStmZdiG17VX6Q/XZPnQoe/FNpr1l7RJnqLC67t1e3i6v2dmVCQP2aElh1wT/dhtKHm32LaKHCBryDI81WAQLb9hDAPWMH4QfSExRl0O4r6+JQvVLsAUNH0SZ8PSa3QgD4xKSK+RCGb7r0h67G/TFS7DszCUI5hMP1l0DQl+Gf3n5GyseFDiCXq1ogiKR1490UPgIQfOpyD8nGlp1kE/5Nyp/GyXZEMflIdQyOBPh+FMP4azjuN6OhsYHgbXykd46CQIlh3BjmFwsCBDO6+1BsUHR7v/ewSpZi+BYdi2zYfLK3HQL+5r+mU6h0NK596yhBgGpvOvYwZRIQT0VWngwRBBUlGekX1Sr5TqXvxPEoQaiQ76xRKSt2eNeu2yDGLe5MAvtk9D+Pw0mEGweWR8YIApzzjAkKQtNqqmmXqPDi6FDl6cKPuuEl1a5GlIViu29QzKgRlZBnLVWvUgsBiiBB8B0UcFnjO+3uQBAeJyhTmgeiKj9deAOkGiEIM+ohxI42hmHHfxAu6AIQTZecAAcNishRuCxj1RKwHygIFB8sov2irAEhjIP4J3ez6Ia6tq5XEELCDeGSlfWiGz7bQRDU9VXdgcqX1jghrFeGI4IBY4K6GowVBKGj3UIWtmNpIwGRhD+ifS64GMZYQYDGWtWUCSHeLlq3IISWjW1ts7yiG/JhjJuoIHSJcihUVSfCO7Hl4Mbx9ZkQjAPnztbng/CDxs7oN1Q1+6jqACEJA2Q3ZduY0UwW8aZ153r7aPNQfwWGlvaGxmyIdDsg9NSIjkGEEFeZpbohlcC4WmUTwFx5CVoCLmIVtYFxNZkQUtLK5eiEYMT6oHvRB73QZZRhhDYnxtFMpCLmW9GFIaaPQu9MAqWhVW48euRSQYC2ARcAITzb2dm59oIgVPhews6SC8HtRXNLVcKrG86CIG46Ij8j4o8HsdilgwBnXqYguPxonQBCWDXkvBDS3aFUmUcPGTU8TGkGBNirZb1tOSJkIqNQx0RWdwC92ExFIhYE/CIRG1MIOC3oadC26dNNBKFnwvAQsg2jCR+5/WQUWxWEIahRN0SKJghCFbUEGlJTYPeSWYZR0IHhuht2dzBggCiRYwrBDePgkIbQcaRWqCESJkWT8kOgIfLb6SFSgEGb7MdxxkwqCGBXxPgGMAbrVcpTsAkqP92MBpggWEOk0Us3F5NofpLEQdGCIJKfFzPHFgJMfn69SUNoxZwoNFl6ovM3Dfkh0GRJ3SnQZEl0NK/b7IeEE+88sElBaPG80eeWp89EVadKNj4SrdNpTO+MpOaoydJ/rfEQmMTKAZgdxJsPLLC7g5jpW7opOqYQIN2B5zoNoQznfNg/noJp7E/zQ8Bp8x26HffiTTLkYPwdmJKHpOd2BaF8AcSQp2SzHiLhWH59N/GxR+8Nz7GmzSpp419KPAbcbt9hG0ZhnPX/NhIY29up2Xm+z7V3+MjoaXvSe2HRWbeQbXAexrg1mPehSkJPjqbeojd8eW/QvnHKuKuMFUD+35LVF+lhRqR/5G31Umu4Jy7vrxf+/obve0ZwhZ/852mp+ssVgnuE+SUgh5uvX1yuuvbUiB4gGYfefYkf+LNYLBaLxWKxWCwWi8UqZLnfvvAyJf/3vr/WfLeQ1lFLHH2vPW7O2WPGwuF3/u3IvrZ6+EeIxrmu87tNjqKW4vcN3PD3zhPI8jhEV0d3k7PgQOCeoHjd4XR4jcXJzP+TiWulc9cP9cf7s6t+n/WurD7HbXLOxUFwwyR5JTzVfW6JI5+qAcnZHbWowsetQ9amTuo/ng3wi0GvDeEAvAu3W/vrH3FcUihnJd1/rFzWxqT4XHDA2NQ0yYH6b9XPukod2rcPcuT6KGdujtvkaClFKbjPTNrq2DrTfyzq8Kl0fw7+e9LyTSUXtPCrd8OZ3R3M8C9JQ7CcE7Mh3GVdZYmZ0rcvTDicO9E5wIZQYjW8Fu/SBbRSgrH1InWGabfKjwpjtbjN0f+GFlruFA4j9i/aS5EgHBRfdXQZBwT0W3wzF0K6X9yauCMorg2W9w8LoQI4uvHrWsBFJoFdw+i/OAy27TFl2g3R+gENf0A3Lb+AqXZHmbYXvRQtCMZsZ7dXEFx77Qrf5YAwbW+G9TD2BonX1BcyfBZtCOlvLDusIZRhs7jq4jg1ws+fS+A0SyLSE4DfWF/EFzprOOGo6oCflL4fN5BNgLT1j09vV6s7yS4zSb+L2DYBU96Hwn8dwUT2CfhJPr5kdyaElynLt7YJ4MbYjBDUj7HR22Ly89b6evUuz3Q8cDmuneG5cVBDQGeQI+QfiY4rlaP6g1DH1gPfgtOMezvBBFR5vejOaF26KF10V2zFax6CYEae/YnKVP4pefJk13b/2qG6DAjXx949GQgvWvwgLIFEEGi1FxvC2dOHYu0WhEr/2uNw+Cp5+gH4MS66nHwWoX281XjyVy7/M8eiExQEtbISQgA3BuE9gb6UHdA4WmtH1c09BCudQcvvRzeSKnRnpGHJRMcIxaMSTiZFENClMV5nG8aOp8ETIZgxOlB3aKQWRBBWhKj+4PP0CECAD3dMsCDEN0IF29Gb0YS9ocolKgM6dQdoFZXNuiUcJMNYN7AOHEq1f2QPAOgYzZUz0HPVLUWFcmBFU1itTHL0MNRwJ75D6D0EAf30ytIQwC0F65sFoZbc/wjCYauFY+ehb2uyIKCjUrKdXsClKTpoeWcpCAGovYLgtYZIvSIdugLhb6Oj6tWHfQsabGVdW1tbNISeaOQvhlf01odiOy0/0zKC0DpRUVMQ0J8RHY6yIOwkd7VMCPv3798H+5r7Tv2h0aoWVgLL3tLWNmMiObAl+2wIPvIEyYTQsP8A+j8ah86dBUdXPzIaReGczJB6Dag+dD6pUBBg5VBPao5260S/PvTdXG87C0h1riI+JxtCO13bTAjaJsCiH4/aELDxw4Hpa2sFTi6VP7w1RGZBmKicbrV/ZCQ0unbRgtAIHbczkAFB3HTyh0OHRxGCEftVV3kWBFMeg6/9woggwHhV4X+JTjhxuHWjuBjdQU11MyDYHofYwEtH3h3SEBIOCGh23NndQc9EhoVQnoYAJhwBoF3qqR1Vu0g+pmAY3d48EEqUsx04+EKnzDKM6EZEhnFVBgSsi4aAL0kHBLz5KrMhgJ8eGcajWRDQEVZDwJfqNIRyGbD8I6vqRtfb2YjpIRLM9D9mQvgK3Kzo5uEJGlF7iEyohoi2PD1E6pA4rIeG0FoDg54DQjkWbsweIuHCG6EMCGj5NQQcpcNpCFM85B8ZRUo+GDvuG83JUvOhzXCaH/eeOPVYJoSW+/6gV7EyI5uXP29Nll5TwRwitfkNmCyd0JOl8AfUAwnvGwENodJ3LBl1QDDB59FrQ4CYjyGYLLnlfx86cjgDQrn8m59pCGLoiYc3awieeYtgFaEKyz8SfCHdntGfNmPkzfxMCDOlfFbv8lTv9z5Sb02bv6u3LYBqDZFTIkBIqLt89wKYNisIcCf+xZzRwfd3jdnT5u/DOlF9GRDEy7F6C8LXpO9+e57gWxzE0cFzXb1qR6MKQWxTdzAqBiuvh2I6hMO5Me2uONSXx/kx575x6ify+DZO2zP8w7VZ2SvGWF/YcUlWWot/+7wfPzO2Z2P2BsacwIorb4utOu9JvTmm52Pc7L0kq5A3FdJT8SsuxUprs9adCBYShOrTBXU6LBaLxWKxWCwWi8VisVgsFovFYrFYLBaLxWKxWCwWi8UaNZmn3ttDrAsSrztU9fblUPXyFfTysVUq1GN4VUIC+kpPYLdza6LR8WfJMggnDJp3FHy1VUzCkPYV1gHh6Jldcd4Am/EY7vXybmc8t/GEM+QXozZ67v2njQUPIbxF2Pmk4bTn2xBEKnSeYmWfEWKNeda5IE7ZwkqHCzTGupTHiiCv5niMba/wOzcShIq+kZTfl/H+zwLm6uyWIL78wcK3AhT3U9aUC8HUC69Me0E4sghnZSOOZzrqz9rj8PJHCObUPTqSIJhbuFBkQCAmxOpgkmpMY27bBBOi78A8Rq6X8ucUHzhXhzo9JL0QyAg2ARd7GD8hBZtm1KrILlwABqzjz2CVFguCeYS2ldakaHGLV6RnSm0BUsCg8I72HAi4JAuEwESWnx6CbYnmA4tiQZVk9501C9IQpFdH1EG0piu27GEIW0osWPmAL6ghGN4TD8K2Uu8T6+RRCt95rhAhYD793v4cCPENlEw/skGU+7rQcG5Xscy0QEsaQsOrQq3QAiBKm2ixgkQz7LHKaglQCBaBKPUFRHyL6MHChQgBTgxC/3IgRHGxkUFcdgbW5MA1R8oVBFzWIp6GUGOFxkG0JoYTw8pJiS1WeE6FmjbAjsgH9qXChQihuhHXZsiBEAtQI8HIv2gIY8hNBQHXq2nNhgBRoFDt1NttbTc3qJq2W4bRdejcmRpaVQrCPrFwdyFCgOV1YBmLbAhUZVidA2NeoyFaAUXZBIxZuyIbAsTyg11MYtxzHcXFhi0IEPTmi9VQHBlAwMLjChECxAJDR34PCHU6ullB6M6GUF2HUezJZRD3fL8TQpX/BSRgQYA+dkVBQuiYA/0fgx6r83UHgoAZBQwFIXWU4lU1BLXcDcTyI6bUoL1egQ0BKY2zIeAerQUJobUeqodJE0rzGUaCUOLHhYkIAkTJiw6CgBUL63DJKERrWmGDDghIKmxDCMMeHQUJodLnVbHhHfmGSIIgIv8rPq4g7GgWJTGCUIlDoYYQj0HNSzG0ti8DAowOpfW0k4ZQ2txVEqsVFSsL7/aZ0r9Edv/GmzVZOtMsLAiT/a83qhljSez5yBmCUCKXvbVIQ+jBDCyu2OIDZyc6W4Lbd2LNLhuCK/Z89Be1Vih8QakXbySvlv59jmnzcTVtVhBcRzxf0OmirovNh+Vf8Fb6FemdqSGotFQQSe0fdEIQQ9J7tQ2BCk8sSAgiN5BZpG+g7KE0faeJi1s574Z0Dopte3MeRxnZt0y6cHGqOp1gI5mzrm7rlmHLXZt1Rz40WKwErtszLalCc0t+eeXtvuzrfYNOzZX33iTjMZ0LCweKFQIkFPOpKwopsPSNckbd5HlWsAlnQMDCXyravuA69O4P9dsPnfqfrpz8ma+O8Dh5CrNYLBaLxWKxWCwWi8VisVgsFovFYrFYLBaLxWKxWCwWi8Vi/Snp/wFAQb1tcZ2QTwAAAABJRU5ErkJggg==',
  text: 'THÔNG BÁO\n\nThư viện mở cửa từ 8 giờ sáng\nđến 9 giờ tối, thứ Hai đến thứ Bảy.\n\nVui lòng giữ yên lặng.',
  confidence: 95,
  lines: [
    {
      text: 'THÔNG BÁO',
      confidence: 92,
      box: { x: 30, y: 27, width: 201, height: 28 },
      words: [
        { text: 'THÔNG', confidence: 92, box: { x: 30, y: 27, width: 119, height: 28 } },
        { text: 'BÁO', confidence: 93, box: { x: 164, y: 27, width: 67, height: 28 } },
      ],
    },
    {
      text: 'Thư viện mở cửa từ 8 giờ sáng',
      confidence: 96,
      box: { x: 30, y: 97, width: 332, height: 23 },
      words: [
        { text: 'Thư', confidence: 96, box: { x: 30, y: 98, width: 42, height: 17 } },
        { text: 'viện', confidence: 96, box: { x: 79, y: 97, width: 44, height: 22 } },
        { text: 'mở', confidence: 96, box: { x: 134, y: 97, width: 33, height: 18 } },
        { text: 'cửa', confidence: 96, box: { x: 175, y: 97, width: 36, height: 18 } },
        { text: 'từ', confidence: 96, box: { x: 221, y: 97, width: 17, height: 18 } },
        { text: '8', confidence: 96, box: { x: 251, y: 99, width: 11, height: 16 } },
        { text: 'giờ', confidence: 96, box: { x: 272, y: 97, width: 32, height: 23 } },
        { text: 'sáng', confidence: 96, box: { x: 313, y: 97, width: 49, height: 23 } },
      ],
    },
    {
      text: 'đến 9 giờ tối, thứ Hai đến thứ Bảy.',
      confidence: 96,
      box: { x: 31, y: 136, width: 373, height: 24 },
      words: [
        { text: 'đến', confidence: 97, box: { x: 31, y: 136, width: 39, height: 19 } },
        { text: '9', confidence: 96, box: { x: 80, y: 139, width: 11, height: 16 } },
        { text: 'giờ', confidence: 96, box: { x: 101, y: 137, width: 32, height: 23 } },
        { text: 'tối,', confidence: 97, box: { x: 140, y: 136, width: 33, height: 22 } },
        { text: 'thứ', confidence: 97, box: { x: 183, y: 137, width: 37, height: 18 } },
        { text: 'Hai', confidence: 96, box: { x: 228, y: 138, width: 32, height: 17 } },
        { text: 'đến', confidence: 96, box: { x: 270, y: 136, width: 38, height: 19 } },
        { text: 'thứ', confidence: 96, box: { x: 318, y: 137, width: 37, height: 18 } },
        { text: 'Bảy.', confidence: 96, box: { x: 363, y: 137, width: 41, height: 23 } },
      ],
    },
    {
      text: 'Vui lòng giữ yên lặng.',
      confidence: 96,
      box: { x: 30, y: 197, width: 236, height: 23 },
      words: [
        { text: 'Vui', confidence: 96, box: { x: 30, y: 198, width: 32, height: 17 } },
        { text: 'lòng', confidence: 96, box: { x: 73, y: 197, width: 43, height: 23 } },
        { text: 'giữ', confidence: 96, box: { x: 126, y: 198, width: 34, height: 22 } },
        { text: 'yên', confidence: 96, box: { x: 167, y: 197, width: 38, height: 23 } },
        { text: 'lặng.', confidence: 96, box: { x: 216, y: 198, width: 50, height: 22 } },
      ],
    },
  ],
};
