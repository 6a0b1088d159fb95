// Package sntrup implements Streamlined NTRU Prime, the key-encapsulation
// mechanism of the NTRU Prime round-3 specification, for the parameter sets
// sntrup653, sntrup761 and sntrup857 (p, q, w = 653, 4621, 288; 761, 4591,
// 286; 857, 5167, 322). sntrup761 is the post-quantum half of OpenSSH's key
// exchange sntrup761x25519-sha512 (RFC 9941); keys, ciphertexts and shared
// keys are byte for byte those of the reference code (SUPERCOP, as OpenSSH
// ships it).
//
// The API has the shape of package kem/mlkem and crypto/mlkem:
// GenerateKey761, NewDecapsulationKey761 and NewEncapsulationKey761 (and
// the 653 and 857 forms) return keys that implement crypto.Decapsulator and
// crypto.Encapsulator, with caller-buffer forms (DecapsulateTo,
// EncapsulateTo) that do not allocate. GenerateKeys761 generates a batch of
// keys with one inversion in R/q for the whole batch, by Montgomery's trick
// (as the OpenSSLNTRU paper does); package sntruptest has the derandomized
// forms for known-answer tests. The sets register with package kem as
// "sntrup653", "sntrup761" and "sntrup857".
//
// Streamlined NTRU Prime keys have no seed: a decapsulation key is stored
// in the reference's encoding, Small(f) ‖ Small(1/g) ‖ pk ‖ ρ ‖ Hash4(pk).
// The reference uses any bytes as given; this package rejects, with an
// error naming what was expected, the encodings no key generation makes:
// public keys that are not the canonical encoding of an element of R/q, and
// secret keys with a coefficient coded 3, a set padding bit, or a stored
// hash that is not the hash of the public key. Every ciphertext of the right
// size decapsulates, as in the reference: one that is not a valid
// encryption gives the implicit-rejection key, chosen in constant time.
//
// The arithmetic runs on package ring (R/q and R/3, products through the
// NTTs of package ntt, constant-time inversion) and package sample
// (constant-time sorting for the fixed-weight draws), on the kernels the
// module's CPU switch selects.
package sntrup
