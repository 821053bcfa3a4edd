/** File helpers shared by the library modules: atomic writes ({@link org.optimech.runtime.io.AtomicFiles}). */
package org.optimech.runtime.io;
