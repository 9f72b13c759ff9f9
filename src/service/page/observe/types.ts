// Types of the observe engine. Wire field names (snake_case) follow /work/shared/API.md exactly; the zod
// schemas in src/shared/page.ts mirror them.

/** L link, B button-like, I input-like, F image/figure, O option, M any other interactive element. */
export type RoleLetter = 'L' | 'B' | 'I' | 'F' | 'O' | 'M';

export type InteractionType = 'click' | 'fill' | 'check' | 'select_dropdown_option' | 'upload_file';

/** An element as the in-page script reports it, before ids are given. */
export interface RawElement {
  kind: 'element';
  letter: RoleLetter;
  tag: string;
  /** ARIA role (explicit, else implicit), '' when none. */
  role: string;
  /** The `type` property of an input (always set, 'text' when the attribute is missing). */
  inputType?: string;
  /** Attributes to render, in order; `true` renders as a bare flag such as `disabled`. */
  attributes: [string, string | true][];
  text: string;
  label: string;
  /** Labels of a native select's options. */
  options?: string[];
  /** Selector within the element's own frame. */
  selector: string;
  /** Selectors of the iframes from the main frame down to the element's frame. */
  framePath: string[];
}

export interface RawText {
  kind: 'text';
  text: string;
}

export type RawNode = RawElement | RawText;

export interface Viewport {
  scroll_x: number;
  scroll_y: number;
  viewport_width: number;
  viewport_height: number;
  total_width: number;
  total_height: number;
}

export interface ObserveScriptResult {
  url: string;
  title: string;
  viewport: Viewport;
  nodes: RawNode[];
}

export interface ObserveScriptOptions {
  maxTextLength: number;
  maxLabelLength: number;
  maxOptions: number;
}

export interface TabInfo {
  tab_id: number;
  title: string;
  url: string;
}

export interface ActionParam {
  name: string;
  type: 'string' | 'boolean';
  values?: string[];
}

export interface InteractionAction {
  id: string;
  type: InteractionType;
  text_label: string;
  selector: string;
  param?: ActionParam;
}

export interface ObservationSpace {
  description: string;
  interaction_actions: InteractionAction[];
  category?: string;
}

export interface ObservationMetadata {
  url: string;
  title: string;
  timestamp: string;
  viewport: Viewport;
  tabs: TabInfo[];
}

export interface Observation {
  metadata: ObservationMetadata;
  screenshot?: string;
  space: ObservationSpace;
  started_at: string;
  ended_at: string;
}

/** What the action layer keeps per session to resolve an id from the last observe. */
export interface ObservedElement {
  id: string;
  letter: RoleLetter;
  /** Full Playwright selector from the page, frames entered with `internal:control=enter-frame`. */
  selector: string;
  tag: string;
  framePath: string[];
  action: InteractionType;
}
