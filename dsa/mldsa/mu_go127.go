//go:build go1.27

package mldsa

import "crypto"

// isMLDSAMu reports whether h is crypto.MLDSAMu, the SignerOpts hash that
// asks for a signature of a precomputed μ (Go 1.27 and later).
func isMLDSAMu(h crypto.Hash) bool { return h == crypto.MLDSAMu }
