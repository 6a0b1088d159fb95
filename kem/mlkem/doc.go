// Package mlkem implements the quantum-resistant key encapsulation method
// ML-KEM (formerly known as Kyber), as specified in [NIST FIPS 203], for the
// three parameter sets ML-KEM-512, ML-KEM-768 and ML-KEM-1024.
//
// It is a drop-in replacement for the standard library's crypto/mlkem: the
// identifiers of that package (SeedSize, SharedKeySize, CiphertextSize768,
// GenerateKey768, NewDecapsulationKey768, NewEncapsulationKey768, and the
// 1024 forms) exist here unchanged, so an application switches by changing
// one import line. Most applications should use ML-KEM-768.
//
// Beyond crypto/mlkem it offers:
//
//   - ML-KEM-512 ([GenerateKey512] and the other 512 forms);
//   - caller-buffer forms that do not allocate:
//     [EncapsulationKey768.EncapsulateTo] and [DecapsulationKey768.DecapsulateTo]
//     (and the other sizes), which return an error naming the expected size
//     if a buffer has the wrong length;
//   - the expanded decapsulation-key encoding of FIPS 203
//     ([DecapsulationKey768.ExpandedBytes], [NewDecapsulationKeyFromExpanded768]),
//     imported with the hash check of FIPS 203, Section 7.3;
//   - derandomized encapsulation for known-answer tests in package
//     [github.com/moduletto/moduletto/kem/mlkem/mlkemtest];
//   - registration with package [github.com/moduletto/moduletto/kem] under the
//     names "ML-KEM-512", "ML-KEM-768" and "ML-KEM-1024", for applications
//     that choose the parameter set at run time.
//
// Every encapsulation key is imported with the modulus check of FIPS 203,
// Section 7.2. Malformed input (wrong sizes, non-canonical keys, keys of
// another parameter set) returns an error that names the parameter set and
// the expected size; it never panics. A ciphertext of the right size always
// decapsulates: if it is not a valid encryption, the result is the
// implicit-rejection key of FIPS 203, chosen in constant time.
//
// Key objects cache values derived from public data: an encapsulation key
// (and the one inside a decapsulation key) holds the matrix Â expanded from
// its seed ρ, so each encapsulation and decapsulation skips the k² SampleNTT
// calls. This costs 512·k² bytes per key (8 KiB for ML-KEM-1024). Keys are
// immutable once built and safe for concurrent use. As with crypto/mlkem,
// the constructors are inlined into their callers, so a key that does not
// escape the function that makes it (an ephemeral key generated, used for
// one decapsulation and dropped, say) stays in that function's stack frame
// and costs no heap allocation.
//
// # Use with crypto/hpke
//
// The decapsulation keys implement [crypto.Decapsulator], and serve as the
// recipient key in crypto/hpke through hpke.NewMLKEMPrivateKey and
// hpke.NewHybridPrivateKey (for example ML-KEM-768 with X25519, "X-Wing").
// Because hpke accepts a Decapsulator only if its Encapsulator is one of
// crypto/mlkem's key types, [DecapsulationKey768.Encapsulator] and
// [DecapsulationKey1024.Encapsulator] return the crypto/mlkem encapsulation
// key for the same bytes (built on first use and cached); decapsulation
// still runs this package's code. [DecapsulationKey768.EncapsulationKey]
// returns this package's type.
//
// The arithmetic runs on the core packages of this module (ntt, poly,
// sample), on the fastest NTT backend the CPU supports.
//
// [NIST FIPS 203]: https://doi.org/10.6028/NIST.FIPS.203
package mlkem
