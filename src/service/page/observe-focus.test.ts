import { describe, expect, it } from 'vitest';
import type { ObservationBody } from '../../shared/page';
import { focusObservation } from './observe-focus';

const observation = {
  metadata: { url: 'http://127.0.0.1/', title: 't', timestamp: '', viewport: {}, tabs: [] },
  space: {
    description: [
      '_[:]Welcome',
      'L1[:]<a href="/help">Help</a>',
      'I1[:]<input name="email">',
      'B1[:]<button>Sign in</button>',
    ].join('\n'),
    interaction_actions: [
      { id: 'L1', type: 'click', text_label: 'Help', selector: 'a' },
      { id: 'I1', type: 'fill', text_label: 'Email', selector: 'input' },
      { id: 'B1', type: 'click', text_label: 'Sign in', selector: 'button' },
    ],
  },
  started_at: '',
  ended_at: '',
} as unknown as ObservationBody;

describe('focusObservation', () => {
  it('lists the elements the instructions mention first', () => {
    const focused = focusObservation(observation, { instructions: 'Sign in with the email field' });
    expect(focused.space.interaction_actions.map(({ id }) => id)).toEqual(['I1', 'B1', 'L1']);
    expect(focused.space.description).toBe(observation.space.description);
  });

  it('keeps at most max_nb_actions elements and drops only their lines', () => {
    const focused = focusObservation(observation, { instructions: 'press sign in', max_nb_actions: 1 });
    expect(focused.space.interaction_actions.map(({ id }) => id)).toEqual(['B1']);
    expect(focused.space.description).toBe('_[:]Welcome\nB1[:]<button>Sign in</button>');
  });

  it('leaves the observation as it is when nothing narrows it', () => {
    expect(focusObservation(observation, {})).toBe(observation);
  });
});
