package main

import (
	"crypto"
	"crypto/aes"
	"crypto/cipher"
	"crypto/hmac"
	"crypto/sha256"
	"hash"
)

// After NEWKEYS we send one packet, our DISCONNECT, under the negotiated
// aes128-ctr (RFC 4344, Section 4) and hmac-sha2-256 (RFC 6668): the peer
// decrypting it and logging our reason shows that both sides derived the
// same keys from K and H.

const (
	aesKeySize = 16
	aesIVSize  = aes.BlockSize
	macKeySize = sha256.Size
	macSize    = sha256.Size
)

// deriveKey implements the key derivation of RFC 4253, Section 7.2:
// K1 = HASH(K ‖ H ‖ letter ‖ session_id), Kn = HASH(K ‖ H ‖ K1 ‖ … ‖ Kn-1),
// key = K1 ‖ K2 ‖ … cut to size; k is K encoded as the method encodes it
// (a string for the hybrid methods).
func deriveKey(h crypto.Hash, k, exchangeHash []byte, letter byte, sessionID []byte, size int) []byte {
	d := h.New()
	d.Write(k)
	d.Write(exchangeHash)
	d.Write([]byte{letter})
	d.Write(sessionID)
	key := d.Sum(nil)
	for len(key) < size {
		d.Reset()
		d.Write(k)
		d.Write(exchangeHash)
		d.Write(key)
		key = d.Sum(key)
	}
	return key[:size]
}

// sealer encrypts and authenticates the packets of one direction.
type sealer struct {
	stream cipher.Stream
	mac    hash.Hash
}

// newSealer derives the keys of one direction: letters "A", "C", "E"
// (IV, key, MAC key) client to server, "B", "D", "F" server to client.
func newSealer(h crypto.Hash, k, exchangeHash, sessionID []byte, clientToServer bool) (*sealer, error) {
	iv, key, mac := byte('A'), byte('C'), byte('E')
	if !clientToServer {
		iv, key, mac = 'B', 'D', 'F'
	}
	block, err := aes.NewCipher(deriveKey(h, k, exchangeHash, key, sessionID, aesKeySize))
	if err != nil {
		return nil, err
	}
	return &sealer{
		stream: cipher.NewCTR(block, deriveKey(h, k, exchangeHash, iv, sessionID, aesIVSize)),
		mac:    hmac.New(sha256.New, deriveKey(h, k, exchangeHash, mac, sessionID, macKeySize)),
	}, nil
}

func (s *sealer) blockSize() int { return aes.BlockSize }

// seal appends mac = MAC(key, uint32 sequence_number ‖ unencrypted_packet)
// to the packet and encrypts the packet in place (RFC 4253, Section 6.4).
func (s *sealer) seal(seq uint32, pkt []byte) []byte {
	s.mac.Reset()
	s.mac.Write(appendUint32(nil, seq))
	s.mac.Write(pkt)
	sum := s.mac.Sum(nil)
	s.stream.XORKeyStream(pkt, pkt)
	return append(pkt, sum...)
}
