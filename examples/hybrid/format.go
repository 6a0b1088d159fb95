package main

import (
	"errors"
	"fmt"
	"io"
)

// Every file starts with the magic bytes and a version byte (README.md,
// "File format"). Version 2 is what the tool writes (format_v2.go);
// version 1 files, which had one ML-KEM recipient, are still read
// (format_v1.go).
const (
	magic          = "\x89HYB\r\n\x1a\n"
	formatVersion1 = 1
	formatVersion2 = 2

	// defaultChunkShift gives 64 KiB chunks, what the tool writes.
	defaultChunkShift = 16
	// Readers accept chunks from 64 B (small chunks keep tests fast) to 1 MiB
	// (memory stays bounded whatever the header says).
	minChunkShift = 6
	maxChunkShift = 20
)

// errModified is wrapped by every error that means the input is not what
// the format's writer produced: a header that does not parse or does not
// authenticate, a chunk that does not authenticate, a truncated file.
var errModified = errors.New("the file was modified or damaged")

// modifiedf returns an error that wraps errModified.
func modifiedf(format string, a ...any) error {
	return fmt.Errorf(format+": %w", append(a, errModified)...)
}

var (
	errNotHybrid       = errors.New("input is not a moduletto hybrid file (bad magic bytes)")
	errTruncatedHeader = modifiedf("input is truncated inside the header")
)

// readVersion reads the magic bytes and the version byte.
func readVersion(r io.Reader) (byte, error) {
	var prefix [len(magic) + 1]byte
	n, err := io.ReadFull(r, prefix[:])
	switch {
	case err == io.EOF:
		return 0, errors.New("input is empty: not a moduletto hybrid file")
	case err == io.ErrUnexpectedEOF:
		if m := min(n, len(magic)); string(prefix[:m]) == magic[:m] {
			return 0, errTruncatedHeader
		}
		return 0, errNotHybrid
	case err != nil:
		return 0, fmt.Errorf("reading header: %w", err)
	}
	if string(prefix[:len(magic)]) != magic {
		return 0, errNotHybrid
	}
	if v := prefix[len(magic)]; v != formatVersion1 && v != formatVersion2 {
		return 0, fmt.Errorf("unsupported format version %d (this tool reads versions 1 and 2): a newer tool wrote it, or %w", v, errModified)
	}
	return prefix[len(magic)], nil
}

// readFull reads len(b) header bytes, reporting the end of the input as a
// truncated header.
func readFull(r io.Reader, b []byte) error {
	if _, err := io.ReadFull(r, b); err != nil {
		if err == io.EOF || err == io.ErrUnexpectedEOF {
			return errTruncatedHeader
		}
		return fmt.Errorf("reading header: %w", err)
	}
	return nil
}

// parseFlags checks the flags byte, the same in both versions: bit 0 set
// means an ML-DSA signature follows the header, and bits 1–2 name its set
// (sign.go). It returns the signature's set, nil for an unsigned file.
func parseFlags(flags byte) (*dsaSet, error) {
	if flags&^(flagSigned|flagDSAMask) != 0 || flags&flagSigned == 0 && flags != 0 {
		return nil, modifiedf("unknown header flags %#02x (bit 0 is defined, and bits 1–2 with bit 0)", flags)
	}
	if flags&flagSigned == 0 {
		return nil, nil
	}
	set, err := dsaSetByCode(flags & flagDSAMask >> flagDSAShift)
	if err != nil {
		return nil, modifiedf("%v", err)
	}
	return set, nil
}

// flagsOf returns the flags byte for a file signed with signer's set (nil:
// unsigned).
func flagsOf(signer *dsaSet) byte {
	if signer == nil {
		return 0
	}
	return flagSigned | signer.code<<flagDSAShift
}

// checkChunkShift checks the chunk shift byte.
func checkChunkShift(shift byte) error {
	if shift < minChunkShift || shift > maxChunkShift {
		return modifiedf("chunk size 2^%d out of range (want 2^%d to 2^%d)", shift, minChunkShift, maxChunkShift)
	}
	return nil
}
