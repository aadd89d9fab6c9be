// The Tailwind theme in styles.css must carry the constants of spec 9 as @countersign/domain
// states them; this test reads the CSS so the two cannot drift apart.
import {
  BREAKPOINTS,
  COMPONENT_BREAKPOINTS,
  DIALOG_Z_INDEX,
  OVERLAY_SCRIM_Z_INDEX,
  SIGNATURE_LEVEL_COLORS,
  THEME_COLORS,
  TOOLBAR_HEIGHT_PX,
} from '@countersign/domain';
import { readFileSync } from 'node:fs';
import { fileURLToPath, URL as NodeURL } from 'node:url';
import { describe, expect, it } from 'vitest';

// jsdom replaces the global URL; Node's own resolves the file next to this test.
const css = readFileSync(fileURLToPath(new NodeURL('./styles.css', import.meta.url)), 'utf8');

function readVariable(name: string): string | undefined {
  return new RegExp(`--${name}:\\s*([^;]+);`).exec(css)?.[1]?.trim();
}

describe('theme', () => {
  it('has the spec 9 colours', () => {
    for (const [name, value] of Object.entries(THEME_COLORS)) {
      expect(readVariable(`color-${name}`)?.toLowerCase(), name).toBe(value.toLowerCase());
    }
    for (const [name, value] of Object.entries(SIGNATURE_LEVEL_COLORS)) {
      expect(readVariable(`color-level-${name}`)?.toLowerCase(), name).toBe(value.toLowerCase());
    }
  });

  it('has the app and component breakpoints', () => {
    for (const [name, px] of Object.entries(BREAKPOINTS))
      expect(readVariable(`breakpoint-${name}`), name).toBe(`${px}px`);
    for (const [name, px] of Object.entries(COMPONENT_BREAKPOINTS)) {
      expect(readVariable(`component-breakpoint-${name}`), name).toBe(`${px}px`);
    }
  });

  it('layers dialogs above overlays and keeps the toolbar height', () => {
    expect(readVariable('z-dialog')).toBe(String(DIALOG_Z_INDEX));
    expect(readVariable('z-overlay-scrim')).toBe(String(OVERLAY_SCRIM_Z_INDEX));
    expect(readVariable('toolbar-height')).toBe(`${TOOLBAR_HEIGHT_PX}px`);
  });
});
