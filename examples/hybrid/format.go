package main

import (
	"crypto/hkdf"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
)

// The file format, version 1 (README.md has the full description):
//
//	magic        8 bytes   "\x89HYB\r\n\x1a\n"
//	version      1 byte    1
//	KEM set      1 byte    1 = ML-KEM-512, 2 = ML-KEM-768, 3 = ML-KEM-1024
//	flags        1 byte    bit 0: an ML-DSA signature follows the header;
//	                       bits 1–2: its set, 0 = ML-DSA-65, 1 = ML-DSA-44,
//	                       2 = ML-DSA-87 (sign.go); the other bits are 0
//	chunk shift  1 byte    log2 of the plaintext chunk size (16: 64 KiB)
//	KEM ct       768, 1088 or 1568 bytes
//	salt         32 bytes
//
// followed by the signature if flagged, then the chunks (stream.go).
const (
	magic         = "\x89HYB\r\n\x1a\n"
	formatVersion = 1
	saltSize      = 32
	fixedHeader   = len(magic) + 4 // magic, version, KEM set, flags, chunk shift

	// defaultChunkShift gives 64 KiB chunks, what the tool writes.
	defaultChunkShift = 16
	// Readers accept chunks from 64 B (small chunks keep tests fast) to 1 MiB
	// (memory stays bounded whatever the header says).
	minChunkShift = 6
	maxChunkShift = 20

	// kdfLabel starts the HKDF info string; it names the format version and
	// the key's use so that no other protocol derives the same key.
	kdfLabel = "moduletto/hybrid v1 AES-256-GCM chunk key"
)

// header is the parsed file header.
type header struct {
	set        *kemSet
	signer     *dsaSet // the signature's set; nil for an unsigned file
	chunkShift uint8
	kemCT      []byte
	salt       [saltSize]byte
}

// chunkSize returns the plaintext size of every chunk but the last.
func (h *header) chunkSize() int { return 1 << h.chunkShift }

// marshal returns the header as it appears in the file; these bytes are the
// associated data of every chunk.
func (h *header) marshal() []byte {
	b := make([]byte, 0, fixedHeader+len(h.kemCT)+saltSize)
	b = append(b, magic...)
	var flags byte
	if h.signer != nil {
		flags |= flagSigned | h.signer.code<<flagDSAShift
	}
	b = append(b, formatVersion, h.set.id, flags, h.chunkShift)
	b = append(b, h.kemCT...)
	return append(b, h.salt[:]...)
}

var (
	errNotHybrid       = errors.New("input is not a moduletto hybrid file (bad magic bytes)")
	errTruncatedHeader = errors.New("input is truncated inside the header")
)

// readHeader reads and checks a header from r. It returns the header and its
// raw bytes.
func readHeader(r io.Reader) (*header, []byte, error) {
	fixed := make([]byte, fixedHeader)
	n, err := io.ReadFull(r, fixed)
	switch {
	case err == io.EOF:
		return nil, nil, errors.New("input is empty: not a moduletto hybrid file")
	case err == io.ErrUnexpectedEOF:
		if m := min(n, len(magic)); string(fixed[:m]) == magic[:m] {
			return nil, nil, errTruncatedHeader
		}
		return nil, nil, errNotHybrid
	case err != nil:
		return nil, nil, fmt.Errorf("reading header: %w", err)
	}
	if string(fixed[:len(magic)]) != magic {
		return nil, nil, errNotHybrid
	}
	version, setID, flags, shift := fixed[8], fixed[9], fixed[10], fixed[11]
	if version != formatVersion {
		return nil, nil, fmt.Errorf("unsupported format version %d (this tool reads version %d)", version, formatVersion)
	}
	set, err := kemSetByID(setID)
	if err != nil {
		return nil, nil, err
	}
	if flags&^(flagSigned|flagDSAMask) != 0 || flags&flagSigned == 0 && flags != 0 {
		return nil, nil, fmt.Errorf("unknown header flags %#02x (version %d defines bit 0, and bits 1–2 with bit 0)", flags, formatVersion)
	}
	var signer *dsaSet
	if flags&flagSigned != 0 {
		if signer, err = dsaSetByCode(flags & flagDSAMask >> flagDSAShift); err != nil {
			return nil, nil, err
		}
	}
	if shift < minChunkShift || shift > maxChunkShift {
		return nil, nil, fmt.Errorf("chunk size 2^%d out of range (want 2^%d to 2^%d)", shift, minChunkShift, maxChunkShift)
	}
	rest := make([]byte, set.ciphertextSize+saltSize)
	if _, err := io.ReadFull(r, rest); err != nil {
		if err == io.EOF || err == io.ErrUnexpectedEOF {
			return nil, nil, errTruncatedHeader
		}
		return nil, nil, fmt.Errorf("reading header: %w", err)
	}
	h := &header{set: set, signer: signer, chunkShift: shift, kemCT: rest[:set.ciphertextSize]}
	copy(h.salt[:], rest[set.ciphertextSize:])
	return h, append(fixed, rest...), nil
}

// deriveKey derives the AES-256-GCM key of a file with HKDF-SHA-256 (RFC
// 5869): the ML-KEM shared key is the input keying material, the header salt
// the salt, and the info string binds the key to the whole header (so to the
// KEM ciphertext and parameter set) and to the recipient's encapsulation key.
func deriveKey(sharedKey, rawHeader, encapsulationKey []byte, salt []byte) ([]byte, error) {
	info := make([]byte, 0, len(kdfLabel)+len(rawHeader)+len(encapsulationKey))
	info = append(info, kdfLabel...)
	info = append(info, rawHeader...)
	info = append(info, encapsulationKey...)
	return hkdf.Key(sha256.New, sharedKey, salt, string(info), 32)
}
