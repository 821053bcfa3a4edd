/** Architecture rules over every module's main classes (ArchUnit). */
package org.optimech.examples.architecture;
