package main

import (
	"fmt"
	"io"
)

// The file format, version 1 (README.md has the full description). The tool
// no longer writes it but still reads it:
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
// followed by the signature if flagged, then the chunks (stream.go), whose
// associated data is the whole header.
const (
	saltSize      = 32
	fixedHeaderV1 = len(magic) + 4 // magic, version, KEM set, flags, chunk shift

	// kdfLabelV1 starts the HKDF info string; it names the format version and
	// the key's use so that no other protocol derives the same key.
	kdfLabelV1 = "moduletto/hybrid v1 AES-256-GCM chunk key"
)

// headerV1 is a parsed version 1 header.
type headerV1 struct {
	set        *kemSet
	signer     *dsaSet // the signature's set; nil for an unsigned file
	chunkShift uint8
	kemCT      []byte
	salt       [saltSize]byte
}

// chunkSize returns the plaintext size of every chunk but the last.
func (h *headerV1) chunkSize() int { return 1 << h.chunkShift }

// marshal returns the header as it appears in the file; these bytes are the
// associated data of every chunk.
func (h *headerV1) marshal() []byte {
	b := make([]byte, 0, fixedHeaderV1+len(h.kemCT)+saltSize)
	b = append(b, magic...)
	b = append(b, formatVersion1, h.set.id, flagsOf(h.signer), h.chunkShift)
	b = append(b, h.kemCT...)
	return append(b, h.salt[:]...)
}

// readHeaderV1 reads the rest of a version 1 header from r, after the magic
// bytes and the version (readVersion). It returns the header and its raw
// bytes, magic included.
func readHeaderV1(r io.Reader) (*headerV1, []byte, error) {
	fixed := make([]byte, fixedHeaderV1, fixedHeaderV1+1600)
	copy(fixed, magic)
	fixed[len(magic)] = formatVersion1
	if err := readFull(r, fixed[len(magic)+1:]); err != nil {
		return nil, nil, err
	}
	setID, flags, shift := fixed[9], fixed[10], fixed[11]
	set, err := kemSetByID(setID)
	if err != nil || !set.inV1 {
		return nil, nil, fmt.Errorf("unknown KEM parameter set %d in a version 1 header (version 1 knows ML-KEM-512, -768 and -1024 as 1, 2 and 3)", setID)
	}
	signer, err := parseFlags(flags)
	if err != nil {
		return nil, nil, err
	}
	if err := checkChunkShift(shift); err != nil {
		return nil, nil, err
	}
	rest := make([]byte, set.ciphertextSize+saltSize)
	if err := readFull(r, rest); err != nil {
		return nil, nil, err
	}
	h := &headerV1{set: set, signer: signer, chunkShift: shift, kemCT: rest[:set.ciphertextSize]}
	copy(h.salt[:], rest[set.ciphertextSize:])
	return h, append(fixed, rest...), nil
}
