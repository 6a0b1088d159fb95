package main

import (
	"bytes"
	"io"
	"slices"
	"testing"
)

// FuzzReadPacket reads packets from arbitrary bytes: no panic, and every
// payload returned is non-empty and within the bounds its header allows.
func FuzzReadPacket(f *testing.F) {
	f.Add(packets([]byte{msgKexInit, 1, 2, 3}, []byte{msgIgnore}))
	f.Add([]byte{0xff, 0xff, 0xff, 0xff, 4})
	f.Add([]byte{0, 0, 0, 12, 11, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0})
	f.Fuzz(func(t *testing.T, data []byte) {
		tr := newTransport(struct {
			io.Reader
			io.Writer
		}{bytes.NewReader(data), io.Discard})
		for range 100 {
			p, err := tr.readPacket()
			if err != nil {
				return
			}
			if len(p) == 0 || len(p) > maxPacket {
				t.Fatalf("payload of %d bytes", len(p))
			}
		}
	})
}

// FuzzParseKexInit parses arbitrary KEXINIT payloads: no panic, and what
// parses marshals back to the same bytes (apart from the last five: the
// boolean, any non-zero byte of which is true, and the reserved field,
// which marshal writes as 0), and parses again to the same lists.
func FuzzParseKexInit(f *testing.F) {
	f.Add(newKexInit([]string{kexMLKEM, kexSNTRUP}, []string{hostKeyEd25519}).marshal())
	f.Add([]byte{msgKexInit})
	f.Add(append([]byte{msgKexInit}, make([]byte, 16+40+5)...))
	f.Fuzz(func(t *testing.T, data []byte) {
		k, err := parseKexInit(data)
		if err != nil {
			return
		}
		again := k.marshal()
		if !bytes.Equal(again[:len(again)-5], data[:len(data)-5]) {
			t.Fatalf("marshal gives %x, parsed %x", again, data)
		}
		k2, err := parseKexInit(again)
		if err != nil {
			t.Fatalf("re-parsing: %v", err)
		}
		if !slices.Equal(k.kex, k2.kex) || !slices.Equal(k.hostKey, k2.hostKey) || k.guessFollow != k2.guessFollow {
			t.Fatal("re-parsed lists differ")
		}
	})
}

// FuzzClient gives the client arbitrary bytes as the server's side of the
// connection: it must return an error or a result, never panic.
func FuzzClient(f *testing.F) {
	version := []byte("SSH-2.0-fuzz\r\n")
	f.Add(append(version, packets(newKexInit([]string{kexMLKEM}, []string{hostKeyEd25519}).marshal())...))
	f.Add(append(version, packets(newKexInit([]string{kexSNTRUP}, []string{hostKeyRSASHA256}).marshal(),
		appendString(appendString(appendString([]byte{msgKexECDHReply},
			appendString(appendString(nil, []byte("ssh-rsa")), []byte{1, 0, 1})), make([]byte, 1071)), nil))...))
	f.Fuzz(func(t *testing.T, data []byte) {
		rw := struct {
			io.Reader
			io.Writer
		}{bytes.NewReader(data), io.Discard}
		res, err := runClient(rw, clientConfig{
			kex:     []string{kexMLKEM, kexSNTRUP},
			hostKey: []string{hostKeyEd25519, hostKeyECDSAP256, hostKeyRSASHA512, hostKeyRSASHA256},
		})
		if err == nil && res == nil {
			t.Fatal("no result and no error")
		}
	})
}
