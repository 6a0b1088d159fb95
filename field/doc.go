// Package field implements arithmetic modulo an odd prime q < 2^31: validated
// parameters ([Params]), Barrett and Montgomery reducers for 16-, 32- and
// 64-bit lanes as plain functions with explicit constants, and typed elements
// [ModN] whose modulus is part of the type, so elements of different moduli
// cannot be mixed.
package field
