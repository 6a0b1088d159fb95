package main

import (
	"bufio"
	"bytes"
	"crypto/rand"
	"errors"
	"fmt"
	"io"
)

// Message numbers (RFC 4250, Section 4.1; RFC 5656, Section 7.1 for 30
// and 31, which the hybrid methods reuse).
const (
	msgDisconnect    = 1
	msgIgnore        = 2
	msgUnimplemented = 3
	msgDebug         = 4
	msgKexInit       = 20
	msgNewKeys       = 21
	msgKexECDHInit   = 30 // SSH_MSG_KEX_ECDH_INIT, SSH_MSG_KEX_HYBRID_INIT
	msgKexECDHReply  = 31 // SSH_MSG_KEX_ECDH_REPLY, SSH_MSG_KEX_HYBRID_REPLY
)

// disconnectByApplication is the reason code of a disconnection the
// application chose (SSH_DISCONNECT_BY_APPLICATION, RFC 4250, Section
// 4.2.2); keyExchangeFailed is SSH_DISCONNECT_KEY_EXCHANGE_FAILED.
const (
	disconnectKeyExchangeFailed = 3
	disconnectByApplication     = 11
)

// maxPacket is the largest packet_length accepted. RFC 4253, Section 6.1,
// requires support for packets of 35000 bytes in all; nothing before
// NEWKEYS comes near it (the largest is the sntrup761 or ML-KEM init, some
// 1.2 KB, or a KEXINIT or a reply with a 16384-bit RSA key).
const maxPacket = 35000

// Limits of the version exchange (RFC 4253, Section 4.2): a line is at
// most 255 bytes with its CR LF; a server may send other lines before its
// version, and we accept that many of them.
const (
	maxLine        = 255
	maxBannerLines = 64
)

// transport is the SSH binary packet protocol (RFC 4253, Section 6) over
// a connection, in the clear until NEWKEYS, with a sealer for what we send
// after our NEWKEYS. It counts packets in both directions for the MACs.
type transport struct {
	r      *bufio.Reader
	w      io.Writer
	seqIn  uint32
	seqOut uint32
	out    *sealer // nil until we have sent NEWKEYS
}

func newTransport(rw io.ReadWriter) *transport {
	return &transport{r: bufio.NewReaderSize(rw, 4096), w: rw}
}

// sendVersion writes our identification string with its CR LF.
func (t *transport) sendVersion(v string) error {
	_, err := io.WriteString(t.w, v+"\r\n")
	return err
}

// readVersion reads the peer's identification string (RFC 4253, Section
// 4.2), skipping up to maxBannerLines other lines before it if
// allowBanner (a server may send them; a client may not), and returns it
// without its line end.
func (t *transport) readVersion(allowBanner bool) (string, error) {
	for range maxBannerLines + 1 {
		line, err := t.readLine()
		if err != nil {
			return "", err
		}
		if bytes.HasPrefix(line, []byte("SSH-")) {
			if !bytes.HasPrefix(line, []byte("SSH-2.0-")) && !bytes.HasPrefix(line, []byte("SSH-1.99-")) {
				return "", fmt.Errorf("version exchange: peer speaks %q, expected SSH-2.0", truncate(line))
			}
			for _, c := range line {
				if c < ' ' || c > '~' {
					return "", fmt.Errorf("version exchange: byte %#x in the identification string", c)
				}
			}
			return string(line), nil
		}
		if !allowBanner {
			return "", fmt.Errorf("version exchange: peer sent %q, expected an SSH-2.0 identification string", truncate(line))
		}
	}
	return "", fmt.Errorf("version exchange: more than %d lines before the identification string", maxBannerLines)
}

// readLine reads a line of at most maxLine bytes ending in CR LF (or LF,
// as some servers send) and returns it without the line end.
func (t *transport) readLine() ([]byte, error) {
	var line []byte
	for {
		c, err := t.r.ReadByte()
		if err != nil {
			return nil, fmt.Errorf("version exchange: %w", noEOF(err))
		}
		if c == '\n' {
			return bytes.TrimSuffix(line, []byte("\r")), nil
		}
		if len(line) == maxLine-1 {
			return nil, fmt.Errorf("version exchange: line longer than %d bytes", maxLine)
		}
		line = append(line, c)
	}
}

// readPacket reads one unencrypted packet and returns its payload, which
// starts with the message number. It checks every length field before
// allocating (at most maxPacket bytes).
func (t *transport) readPacket() ([]byte, error) {
	var hdr [5]byte
	if _, err := io.ReadFull(t.r, hdr[:]); err != nil {
		return nil, fmt.Errorf("reading a packet: %w", noEOF(err))
	}
	payload, err := parsePacketHeader(hdr)
	if err != nil {
		return nil, err
	}
	body := make([]byte, payload.length-1)
	if _, err := io.ReadFull(t.r, body); err != nil {
		return nil, fmt.Errorf("reading a packet of %d bytes: %w", payload.length, noEOF(err))
	}
	t.seqIn++
	return body[:payload.length-1-payload.padding], nil
}

type packetHeader struct{ length, padding int }

// parsePacketHeader checks packet_length and padding_length of an
// unencrypted packet (RFC 4253, Section 6): at least 4 bytes of padding,
// a non-empty payload, and a length that with its own 4 bytes is a
// multiple of 8, the block size of the "none" cipher.
func parsePacketHeader(hdr [5]byte) (packetHeader, error) {
	r := reader{b: hdr[:]}
	length, padding := r.uint32(), r.byte()
	switch {
	case length > maxPacket:
		return packetHeader{}, fmt.Errorf("packet of %d bytes, expected at most %d", length, maxPacket)
	case (length+4)%8 != 0:
		return packetHeader{}, fmt.Errorf("packet length %d: with its 4 bytes, not a multiple of the block size 8", length)
	case padding < 4:
		return packetHeader{}, fmt.Errorf("packet with %d bytes of padding, expected at least 4", padding)
	case uint32(padding)+2 > length:
		return packetHeader{}, fmt.Errorf("packet of %d bytes with %d bytes of padding leaves no message number", length, padding)
	}
	return packetHeader{int(length), int(padding)}, nil
}

// writePacket sends a payload in a packet with random padding, sealed if
// we have sent NEWKEYS.
func (t *transport) writePacket(payload []byte) error {
	block := 8
	if t.out != nil {
		block = t.out.blockSize()
	}
	// padding_length makes 4 + 1 + len(payload) + padding a multiple of
	// the block size, with at least 4 bytes of padding.
	padding := block - (5+len(payload))%block
	if padding < 4 {
		padding += block
	}
	pkt := make([]byte, 0, 5+len(payload)+padding+macSize)
	pkt = appendUint32(pkt, uint32(1+len(payload)+padding))
	pkt = append(pkt, byte(padding))
	pkt = append(pkt, payload...)
	pkt = pkt[:len(pkt)+padding]
	rand.Read(pkt[len(pkt)-padding:])
	if t.out != nil {
		pkt = t.out.seal(t.seqOut, pkt)
	}
	t.seqOut++
	_, err := t.w.Write(pkt)
	return err
}

// readMessage reads packets until one that is not SSH_MSG_IGNORE or
// SSH_MSG_DEBUG (which may come at any time, RFC 4253, Sections 11.2 and
// 11.3) and returns it if its number is want. waiting names the step for
// the error messages. A DISCONNECT is reported as the peer's reason.
func (t *transport) readMessage(want byte, waiting string) ([]byte, error) {
	for {
		p, err := t.readPacket()
		if err != nil {
			return nil, fmt.Errorf("%s: %w", waiting, err)
		}
		switch p[0] {
		case want:
			return p, nil
		case msgIgnore, msgDebug:
			continue
		case msgDisconnect:
			return nil, fmt.Errorf("%s: %w", waiting, parseDisconnect(p))
		default:
			return nil, fmt.Errorf("%s: unexpected message %d, expected %d", waiting, p[0], want)
		}
	}
}

// errPeerDisconnect is the error of a DISCONNECT from the peer.
type errPeerDisconnect struct {
	reason      uint32
	description string
}

func (e *errPeerDisconnect) Error() string {
	return fmt.Sprintf("peer disconnected (reason %d): %q", e.reason, e.description)
}

func parseDisconnect(p []byte) error {
	r := reader{b: p[1:]}
	reason := r.uint32()
	desc := r.string()
	r.string() // language tag
	if r.err != nil {
		return fmt.Errorf("malformed DISCONNECT message: %w", r.err)
	}
	return &errPeerDisconnect{reason, string(truncate(desc))}
}

// disconnect sends SSH_MSG_DISCONNECT (RFC 4253, Section 11.1).
func (t *transport) disconnect(reason uint32, description string) error {
	p := []byte{msgDisconnect}
	p = appendUint32(p, reason)
	p = appendString(p, []byte(description))
	p = appendString(p, nil)
	return t.writePacket(p)
}

// truncate shortens peer text quoted in an error message.
func truncate(b []byte) []byte {
	if len(b) > 80 {
		return append(b[:80:80], "..."...)
	}
	return b
}

// noEOF turns the io.EOF of a connection closed between fields into
// io.ErrUnexpectedEOF, whose message says what happened.
func noEOF(err error) error {
	if errors.Is(err, io.EOF) {
		return io.ErrUnexpectedEOF
	}
	return err
}
