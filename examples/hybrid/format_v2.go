package main

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/hkdf"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"io"
	"strings"
)

// The file format, version 2 (README.md has the full description):
//
//	magic            8 bytes  "\x89HYB\r\n\x1a\n"
//	version          1 byte   2
//	flags            1 byte   as in version 1 (format.go, parseFlags)
//	chunk shift      1 byte   log2 of the plaintext chunk size (16: 64 KiB)
//	recipients n     1 byte   1 to 255
//	header size      4 bytes  of the whole header, MAC included, big-endian
//	n entries, each:
//	  key type       1 byte   1, 2, 3 = ML-KEM-512, -768, -1024; 4 = X-Wing
//	  key ID        16 bytes  SHA-256(keyIDLabel ‖ type ‖ public key)[:16]
//	  KEM ct         768, 1088, 1568 or 1120 bytes
//	  wrapped key   48 bytes  AES-256-GCM of the 32-byte file key (tag included)
//	header MAC      32 bytes  HMAC-SHA-256 of every header byte before it
//
// followed by the signature if flagged (one recipient only), then the
// chunks (stream.go) under a payload key derived from the file key and the
// header MAC, with empty associated data.
const (
	fixedHeaderV2 = len(magic) + 8 // magic, version, flags, chunk shift, n, header size
	maxRecipients = 255
	keyIDSize     = 16
	fileKeySize   = 32
	wrappedSize   = fileKeySize + tagSize
	macSize       = sha256.Size

	keyIDLabel   = "moduletto/hybrid v2 key ID"
	wrapLabel    = "moduletto/hybrid v2 wrap key"
	macLabel     = "moduletto/hybrid v2 header MAC key"
	payloadLabel = "moduletto/hybrid v2 payload key"
)

// entry is one recipient's part of a version 2 header.
type entry struct {
	set     *kemSet
	keyID   [keyIDSize]byte
	kemCT   []byte
	wrapped []byte
}

// headerV2 is a parsed version 2 header.
type headerV2 struct {
	signer     *dsaSet // the signature's set; nil for an unsigned file
	chunkShift uint8
	entries    []entry
	mac        [macSize]byte
}

func (h *headerV2) chunkSize() int { return 1 << h.chunkShift }

// size returns the size of the header, MAC included.
func (h *headerV2) size() int {
	n := fixedHeaderV2 + macSize
	for _, e := range h.entries {
		n += entrySize(e.set)
	}
	return n
}

// entrySize is the size of a recipient entry of the key type set.
func entrySize(set *kemSet) int { return 1 + keyIDSize + set.ciphertextSize + wrappedSize }

// maxHeaderSize bounds what a reader accepts (and so the memory it spends on
// a header): 255 entries of the largest key type.
var maxHeaderSize = func() int {
	largest := 0
	for _, s := range kemSets {
		largest = max(largest, entrySize(s))
	}
	return fixedHeaderV2 + maxRecipients*largest + macSize
}()

// authenticated returns the header bytes the MAC covers: all but the MAC.
func (h *headerV2) authenticated() []byte {
	b := append([]byte(magic), formatVersion2, flagsOf(h.signer), h.chunkShift, byte(len(h.entries)))
	b = binary.BigEndian.AppendUint32(b, uint32(h.size()))
	for _, e := range h.entries {
		b = append(b, e.set.id)
		b = append(b, e.keyID[:]...)
		b = append(b, e.kemCT...)
		b = append(b, e.wrapped...)
	}
	return b
}

// marshal returns the header as it appears in the file.
func (h *headerV2) marshal() []byte { return append(h.authenticated(), h.mac[:]...) }

// keyID identifies a recipient's public key in a header: the first 16 bytes
// of SHA-256(keyIDLabel ‖ type ‖ public key). It lets a reader find its
// entry and tell a key that is not a recipient from an entry that was
// modified; it also lets anyone who holds a public key check whether a
// file is encrypted to it (README.md, "Recipients and privacy").
func keyID(set *kemSet, publicKey []byte) [keyIDSize]byte {
	h := sha256.New()
	h.Write([]byte(keyIDLabel))
	h.Write([]byte{set.id})
	h.Write(publicKey)
	var id [keyIDSize]byte
	copy(id[:], h.Sum(nil))
	return id
}

// wrapAEAD returns AES-256-GCM under the key that wraps the file key for one
// recipient: HKDF-SHA-256 of the KEM shared key, bound to the key type, the
// KEM ciphertext and the recipient's public key (ML-KEM's shared key alone
// binds neither the public key nor, under a malicious key, the ciphertext).
// The key is used once, so the nonce is zero.
func wrapAEAD(sharedKey []byte, set *kemSet, kemCT, publicKey []byte) (cipher.AEAD, error) {
	info := append(append(append([]byte(wrapLabel), set.id), kemCT...), publicKey...)
	return gcmFromKDF(sharedKey, nil, info)
}

// gcmFromKDF returns AES-256-GCM under HKDF-SHA-256(ikm, salt, info).
func gcmFromKDF(ikm, salt, info []byte) (cipher.AEAD, error) {
	key, err := hkdf.Key(sha256.New, ikm, salt, string(info), 32)
	if err != nil {
		return nil, fmt.Errorf("key derivation: %w", err)
	}
	block, err := aes.NewCipher(key)
	if err != nil {
		return nil, err
	}
	return cipher.NewGCM(block)
}

// headerMAC returns HMAC-SHA-256 of the authenticated header bytes under
// HKDF-SHA-256(file key, info = macLabel).
func headerMAC(fileKey, authenticated []byte) ([macSize]byte, error) {
	var mac [macSize]byte
	key, err := hkdf.Key(sha256.New, fileKey, nil, macLabel, 32)
	if err != nil {
		return mac, fmt.Errorf("key derivation: %w", err)
	}
	m := hmac.New(sha256.New, key)
	m.Write(authenticated)
	copy(mac[:], m.Sum(nil))
	return mac, nil
}

// payloadAEAD returns the AES-256-GCM of the chunks: its key is
// HKDF-SHA-256(file key, salt = header MAC, info = payloadLabel), so the
// chunks belong to this header.
func payloadAEAD(fileKey []byte, mac [macSize]byte) (cipher.AEAD, error) {
	return gcmFromKDF(fileKey, mac[:], []byte(payloadLabel))
}

// readHeaderV2 reads the rest of a version 2 header from r, after the magic
// bytes and the version (readVersion). Every error wraps errModified.
//
// The header size is redundant with the entries' types: it makes a damaged
// recipient count or key type an error here, rather than a header that
// parses shorter and no longer lists the reader's key.
func readHeaderV2(r io.Reader) (*headerV2, error) {
	var fixed [7]byte
	if err := readFull(r, fixed[:]); err != nil {
		return nil, err
	}
	signer, err := parseFlags(fixed[0])
	if err != nil {
		return nil, err
	}
	if err := checkChunkShift(fixed[1]); err != nil {
		return nil, err
	}
	n := int(fixed[2])
	if n == 0 {
		return nil, modifiedf("the header lists no recipient")
	}
	size := int(binary.BigEndian.Uint32(fixed[3:]))
	if size > maxHeaderSize {
		return nil, modifiedf("header size %d is more than %d recipients can take", size, maxRecipients)
	}
	h := &headerV2{signer: signer, chunkShift: fixed[1], entries: make([]entry, n)}
	read := fixedHeaderV2 + macSize
	for i := range h.entries {
		e := &h.entries[i]
		var typ [1 + keyIDSize]byte
		if err := readFull(r, typ[:]); err != nil {
			return nil, err
		}
		if e.set, err = kemSetByID(typ[0]); err != nil {
			return nil, modifiedf("recipient %d of %d: unknown key type %d (this tool knows %s as 1 to %d)", i+1, n, typ[0], kemSetNames(), len(kemSets))
		}
		copy(e.keyID[:], typ[1:])
		if read += entrySize(e.set); read > size {
			return nil, modifiedf("the recipients take more bytes than the header size of %d", size)
		}
		rest := make([]byte, e.set.ciphertextSize+wrappedSize)
		if err := readFull(r, rest); err != nil {
			return nil, err
		}
		e.kemCT, e.wrapped = rest[:e.set.ciphertextSize], rest[e.set.ciphertextSize:]
	}
	if read != size {
		return nil, modifiedf("the recipients take %d header bytes, but the header size is %d", read, size)
	}
	if err := readFull(r, h.mac[:]); err != nil {
		return nil, err
	}
	return h, nil
}

// open returns the file key from the entry for id, or an error if it does
// not open: the KEM ciphertext does not decapsulate, or the wrapped key's tag
// fails (a modified entry, or an entry for another key).
func (e *entry) open(id identity) ([]byte, error) {
	sharedKey, err := id.dk.Decapsulate(e.kemCT)
	if err != nil {
		return nil, err
	}
	aead, err := wrapAEAD(sharedKey, e.set, e.kemCT, id.dk.Encapsulator().Bytes())
	if err != nil {
		return nil, err
	}
	return aead.Open(nil, make([]byte, nonceSize), e.wrapped, nil)
}

// fileKey finds the entry of one of the keys ids and returns the file key.
//
// An entry whose key ID is that of a key given must open with it: if it
// does not, the entry was modified. When no key ID matches, every entry of a
// key's type is tried as well, so that an edited key ID shows as a header
// that does not authenticate (the MAC covers the key IDs) rather than as a
// wrong key. Only when nothing opens is the answer "no key matches".
func (h *headerV2) fileKey(ids []identity) ([]byte, error) {
	for _, id := range ids {
		want := keyID(id.set, id.dk.Encapsulator().Bytes())
		for i := range h.entries {
			e := &h.entries[i]
			if e.keyID != want {
				continue
			}
			if e.set != id.set {
				return nil, modifiedf("recipient %d of %d has the key ID of the %s key given but the type %s", i+1, len(h.entries), id.set.name, e.set.name)
			}
			fk, err := e.open(id)
			if err != nil {
				return nil, modifiedf("recipient %d of %d is for the %s key given but does not open with it", i+1, len(h.entries), id.set.name)
			}
			return fk, nil
		}
	}
	for _, id := range ids {
		for i := range h.entries {
			if e := &h.entries[i]; e.set == id.set {
				if fk, err := e.open(id); err == nil {
					return fk, nil
				}
			}
		}
	}
	return nil, &noMatchError{header: h, ids: ids}
}

// errNoMatch is what decrypt returns (wrapped in a noMatchError) when none
// of the keys given is a recipient of the file.
var errNoMatch = noMatchSentinel{}

type noMatchSentinel struct{}

func (noMatchSentinel) Error() string { return "no key matches any recipient" }

// noMatchError says which recipients a file has and which keys were tried.
type noMatchError struct {
	header *headerV2
	ids    []identity
}

func (e *noMatchError) Is(target error) bool { return target == errNoMatch }

func (e *noMatchError) Error() string {
	var sets []string
	for _, en := range e.header.entries {
		sets = append(sets, en.set.name)
	}
	var keys []string
	for _, id := range e.ids {
		keys = append(keys, id.set.name)
	}
	noun := "recipient"
	if len(sets) > 1 {
		noun = "recipients"
	}
	given := "the key given (" + strings.Join(keys, ", ") + ") is not one of them"
	if len(keys) > 1 {
		given = "none of the keys given (" + strings.Join(keys, ", ") + ") is one of them"
	}
	return fmt.Sprintf("%v: the file is encrypted to %d %s (%s) and %s", errNoMatch, len(sets), noun, strings.Join(sets, ", "), given)
}

// checkMAC verifies the header MAC under the file key.
func (h *headerV2) checkMAC(fileKey []byte) error {
	mac, err := headerMAC(fileKey, h.authenticated())
	if err != nil {
		return err
	}
	if !hmac.Equal(mac[:], h.mac[:]) {
		return modifiedf("the header does not authenticate")
	}
	return nil
}
