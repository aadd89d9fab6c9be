// The libraries that only drawing a visible signature needs (the standard fonts' metrics, a PNG
// decoder, a QR encoder) are loaded on first use. The engine's interface is synchronous, hence
// require rather than import(). Loading them costs more than reading, verifying or signing a
// document invisibly in a fresh process (about 0.2 s of the command line's start, measured
// 2026-11-24), and those never draw.

import { createRequire } from 'node:module';
import type * as StandardFonts from '@cantoo/pdf-lib/standard-fonts';
import type UPNG from '@cantoo/pdf-lib/upng';
import type qrcode from 'qrcode-generator';

const require = createRequire(import.meta.url);

export const loadStandardFonts = (): typeof StandardFonts =>
  require('@cantoo/pdf-lib/standard-fonts') as typeof StandardFonts;

export const loadPngDecoder = (): typeof UPNG => require('@cantoo/pdf-lib/upng') as typeof UPNG;

export const loadQrEncoder = (): typeof qrcode => require('qrcode-generator') as typeof qrcode;
