import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/** Renders screens for people to look at; not part of npm test. */
export default defineConfig({ ...base, testDir: './shots', reporter: 'list' });
