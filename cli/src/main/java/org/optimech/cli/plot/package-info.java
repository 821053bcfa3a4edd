/**
 * Figures: risk curves and risk bodies drawn with XChart and written as PNG and SVG files a person
 * can open.
 */
package org.optimech.cli.plot;
