/** Geometry. */
package org.optimech.geometry;
