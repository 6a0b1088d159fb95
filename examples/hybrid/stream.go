package main

import (
	"bufio"
	"crypto/cipher"
	"encoding/binary"
	"fmt"
	"io"
)

// The payload follows the header as a sequence of chunks. Chunk i seals
// plaintext bytes [i·C, (i+1)·C) with AES-256-GCM under the nonce
//
//	0x00 0x00 0x00 ‖ i as uint64 big-endian ‖ last
//
// // where C is the chunk size, i counts chunks from 0, last is 0x01 for the
// final chunk and 0x00 for the others; the associated data is the raw header
// in version 1 and empty in version 2, whose payload key depends on the
// header MAC. Every chunk but the last
// holds exactly C plaintext bytes; the last holds 0 to C (an empty input is a
// single empty last chunk). This is the STREAM construction of Hoang,
// Reyhanitabar, Rogaway and Vizár (CRYPTO 2015): the counter detects reordering
// and dropped chunks, the last flag detects truncation at a chunk boundary and
// appended data, and the associated data detects header edits. Each file has
// a fresh key (a fresh file key, or KEM shared key and salt), so nonces never repeat under a
// key, and a 64-bit counter cannot wrap (2^64 chunks of 64 B is 2^70 bytes).
const (
	tagSize   = 16 // AES-GCM tag
	nonceSize = 12 // AES-GCM standard nonce
)

// chunkNonce writes the nonce of chunk i into n.
func chunkNonce(n *[nonceSize]byte, i uint64, last bool) {
	n[0], n[1], n[2] = 0, 0, 0
	binary.BigEndian.PutUint64(n[3:11], i)
	n[11] = 0
	if last {
		n[11] = 1
	}
}

// chunkError reports a chunk that failed to authenticate or was cut short.
type chunkError struct {
	index  uint64
	reason string
	// keyChecked is set when the header already proved the key right
	// (version 2), so a first chunk that fails cannot mean a wrong key.
	keyChecked bool
}

func (e *chunkError) Error() string {
	if e.index == 0 && e.reason == reasonAuth {
		if e.keyChecked {
			return "decryption failed at the first chunk: the file was modified or truncated"
		}
		return "decryption failed at the first chunk: wrong key, or the file was modified or truncated"
	}
	return fmt.Sprintf("decryption failed at chunk %d: %s", e.index, e.reason)
}

// Unwrap makes every chunk error an errModified.
func (e *chunkError) Unwrap() error { return errModified }

const (
	reasonAuth     = "it does not authenticate (the file was modified, truncated or reordered)"
	reasonShort    = "the file is truncated (chunk shorter than its tag)"
	reasonNoChunks = "the file is truncated (no chunk after the header)"
)

// sealStream reads src to its end and writes the sealed chunks to dst. It
// holds one chunk in memory whatever the input size.
func sealStream(dst io.Writer, src io.Reader, aead cipher.AEAD, ad []byte, chunkSize int) error {
	in := bufio.NewReader(src)
	buf := make([]byte, chunkSize, chunkSize+tagSize)
	var nonce [nonceSize]byte
	for i := uint64(0); ; i++ {
		n, last, err := readChunk(in, buf[:chunkSize])
		if err != nil {
			return err
		}
		chunkNonce(&nonce, i, last)
		if _, err := dst.Write(aead.Seal(buf[:0], nonce[:], buf[:n], ad)); err != nil {
			return fmt.Errorf("writing output: %w", err)
		}
		if last {
			return nil
		}
	}
}

// openStream reads sealed chunks from src and writes each chunk's plaintext
// to dst as soon as that chunk authenticates. It returns nil only after the
// last chunk authenticated; a truncated stream is detected only there, so a
// caller that must not release unauthenticated-as-a-whole output writes dst
// to a temporary file and keeps it only on success.
func openStream(dst io.Writer, src io.Reader, aead cipher.AEAD, ad []byte, chunkSize int) error {
	in := bufio.NewReader(src)
	buf := make([]byte, chunkSize+tagSize)
	var nonce [nonceSize]byte
	for i := uint64(0); ; i++ {
		n, last, err := readChunk(in, buf)
		switch {
		case err != nil:
			return err
		case n == 0:
			// Only possible before the first chunk: after a full chunk
			// readChunk already reported the end.
			return &chunkError{index: i, reason: reasonNoChunks}
		case n < tagSize:
			return &chunkError{index: i, reason: reasonShort}
		}
		chunkNonce(&nonce, i, last)
		plain, err := aead.Open(buf[:0], nonce[:], buf[:n], ad)
		if err != nil {
			return &chunkError{index: i, reason: reasonAuth}
		}
		if _, err := dst.Write(plain); err != nil {
			return fmt.Errorf("writing output: %w", err)
		}
		if last {
			return nil
		}
	}
}

// readChunk fills buf from in. It returns the number of bytes read and
// whether the input ends after them: a short read, or a full one followed by
// the end of the input.
func readChunk(in *bufio.Reader, buf []byte) (n int, last bool, err error) {
	n, err = io.ReadFull(in, buf)
	switch {
	case err == io.EOF || err == io.ErrUnexpectedEOF:
		return n, true, nil
	case err != nil:
		return n, false, fmt.Errorf("reading input: %w", err)
	}
	if _, err := in.Peek(1); err == io.EOF {
		return n, true, nil
	} else if err != nil {
		return n, false, fmt.Errorf("reading input: %w", err)
	}
	return n, false, nil
}
