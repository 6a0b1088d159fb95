// Package ntt implements number-theoretic transforms over Z_q[X]/(X^n+1).
//
// A generic engine ([Engine], built from a [Spec]) serves any prime q < 2^31
// and any power-of-two n with complete or incomplete transforms. Two fixed-size
// engines serve the standards: int16 lanes for q = 3329 (ML-KEM) and int32
// lanes for q = 8380417 (ML-DSA), each with a backend chosen once at start-up.
package ntt
