import { describe, expect, it } from 'vitest';
import { concatList } from './replay-encoder';

describe('replay concat list', () => {
  it('shows each frame until the next and the last until the end', () => {
    const list = concatList(
      [
        { file: '0000001.jpg', t: 1_000 },
        { file: '0000002.jpg', t: 1_250 },
      ],
      3_000,
    );
    expect(list).toBe(
      "ffconcat version 1.0\nfile '0000001.jpg'\nduration 0.250\nfile '0000002.jpg'\nduration 1.750\nfile '0000002.jpg'\n",
    );
  });
});
