/** Every benchmark section, in the order they run (a section may use the results of those before it). */
import { botSection } from './bot.js';
import { pdfSection } from './pdf.js';
import { qualitySection } from './quality.js';
import { relatedSection } from './related.js';
import { scaleSection } from './scale.js';
import { segmentsSection } from './segments.js';
import type { Section } from './section.js';
import { vectraSection } from './vectra.js';

export const SECTIONS: Section[] = [scaleSection, qualitySection, relatedSection, vectraSection, botSection, pdfSection, segmentsSection];
