import { css } from 'lit'

/**
 * Shared styles for every element: a dark theme for a dim games room, and sizes readable at arm's
 * length (the page's root font is large; everything here is in rem). The colours are custom
 * properties set once in index.html, so one place changes the palette.
 */
export const baseStyles = css`
  :host {
    display: block;
    color: var(--text);
    font-family: var(--font);
  }
  *,
  *::before,
  *::after {
    box-sizing: border-box;
  }
  h2 {
    font-size: 1.15rem;
    margin: 0 0 0.6rem;
    color: var(--heading);
    letter-spacing: 0.02em;
  }
  h3 {
    font-size: 1rem;
    margin: 0.8rem 0 0.4rem;
    color: var(--heading);
  }
  p {
    margin: 0.3rem 0;
  }
  button {
    font: inherit;
    font-size: 0.95rem;
    color: var(--text);
    background: var(--raised);
    border: 1px solid var(--border);
    border-radius: 0.4rem;
    padding: 0.4rem 0.8rem;
    cursor: pointer;
    min-height: 2.4rem;
  }
  button:hover {
    background: var(--hover);
  }
  button:focus-visible,
  input:focus-visible,
  select:focus-visible,
  textarea:focus-visible,
  summary:focus-visible {
    outline: 3px solid var(--focus);
    outline-offset: 2px;
  }
  button.primary {
    background: var(--accent);
    border-color: var(--accent);
    color: var(--on-accent);
    font-weight: 600;
  }
  button.primary kbd {
    color: var(--on-accent);
    border-color: var(--on-accent);
  }
  button.primary:hover {
    filter: brightness(1.1);
  }
  button:disabled {
    opacity: 0.45;
    cursor: not-allowed;
  }
  input,
  select,
  textarea {
    font: inherit;
    font-size: 0.95rem;
    color: var(--text);
    background: var(--field);
    border: 1px solid var(--border);
    border-radius: 0.35rem;
    padding: 0.3rem 0.5rem;
    min-height: 2.2rem;
    /* A select as wide as its longest option must not widen a phone's page. */
    max-width: 100%;
  }
  input[type='checkbox'],
  input[type='radio'] {
    min-height: 0;
    width: 1.15rem;
    height: 1.15rem;
    margin: 0 0.35rem 0 0;
    vertical-align: -0.15rem;
    accent-color: var(--accent);
  }
  /* Spinners waste the width of a digit and are useless by keyboard: the arrows still step. */
  input[type='number'] {
    appearance: textfield;
  }
  input[type='number']::-webkit-inner-spin-button,
  input[type='number']::-webkit-outer-spin-button {
    appearance: none;
    margin: 0;
  }
  /* A fieldset is as wide as its widest field by default: on a phone it must shrink like any box. */
  fieldset {
    min-width: 0;
  }
  label {
    color: var(--muted);
    font-size: 0.85rem;
  }
  kbd {
    font-family: var(--mono);
    font-size: 0.8rem;
    border: 1px solid var(--border);
    border-bottom-width: 2px;
    border-radius: 0.25rem;
    padding: 0 0.3rem;
    color: var(--muted);
  }
  .panel {
    background: var(--panel);
    border: 1px solid var(--border);
    border-radius: 0.6rem;
    padding: 0.9rem 1rem;
  }
  .row {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem;
    align-items: center;
  }
  .muted {
    color: var(--muted);
  }
  .error {
    color: var(--danger);
    font-weight: 600;
  }
  .rule-ref {
    font-family: var(--mono);
    font-size: 0.8rem;
    color: var(--rule);
  }
`
