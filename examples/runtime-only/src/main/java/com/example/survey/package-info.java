/** A consumer project of the optimech runtime alone: loads a bundled spec with a policy and releases typed values. */
package com.example.survey;
