//go:build go1.27

package compare

import (
	"crypto"
	stdmldsa "crypto/mldsa"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	encoding_asn1 "encoding/asn1"
	"math/big"
	"net"
	"testing"
	"time"

	"github.com/moduletto/moduletto/dsa/mldsa"
	"github.com/moduletto/moduletto/keyformat"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/crypto/cryptobyte"
	"golang.org/x/crypto/cryptobyte/asn1"
)

// Interoperation of package keyformat with Go 1.27's crypto/x509 and
// crypto/tls for ML-DSA (RFC 9881): PKCS#8 and SubjectPublicKeyInfo both
// ways, certificates signed by either side and checked by the other, and a
// TLS 1.3 handshake with a moduletto key behind the server certificate.

type keyformatSet struct {
	ours mldsa.Parameters
	std  stdmldsa.Parameters
	oid  encoding_asn1.ObjectIdentifier
}

var keyformatSets = []keyformatSet{
	{mldsa.MLDSA44(), stdmldsa.MLDSA44(), encoding_asn1.ObjectIdentifier{2, 16, 840, 1, 101, 3, 4, 3, 17}},
	{mldsa.MLDSA65(), stdmldsa.MLDSA65(), encoding_asn1.ObjectIdentifier{2, 16, 840, 1, 101, 3, 4, 3, 18}},
	{mldsa.MLDSA87(), stdmldsa.MLDSA87(), encoding_asn1.ObjectIdentifier{2, 16, 840, 1, 101, 3, 4, 3, 19}},
}

// keyformatSeed is a fixed seed per set and use, so that a failure reproduces.
func keyformatSeed(set keyformatSet, use byte) []byte {
	seed := make([]byte, mldsa.PrivateKeySize)
	copy(seed, set.ours.String())
	seed[31] = use
	return seed
}

func newOurKey(t *testing.T, set keyformatSet, use byte) *mldsa.PrivateKey {
	t.Helper()
	sk, err := mldsa.NewPrivateKey(set.ours, keyformatSeed(set, use))
	require.NoError(t, err)
	return sk
}

// stdSigner returns sk.StandardSigner(), whose Public method returns the
// crypto/mldsa public key of the same encoding; signing runs moduletto's
// code. Go 1.27's crypto/x509 (signingParamsForKey) and crypto/tls
// (signatureSchemesForPublicKey) choose the signature algorithm by the
// concrete type of the signer's Public(), and know only
// *crypto/mldsa.PublicKey; moduletto's PrivateKey.Public returns its own
// *mldsa.PublicKey. It also checks that the key is the one keyformat and
// x509.ParsePKIXPublicKey give.
func stdSigner(t *testing.T, sk *mldsa.PrivateKey) crypto.MessageSigner {
	t.Helper()
	s, err := sk.StandardSigner()
	require.NoError(t, err)
	require.IsType(t, (*stdmldsa.PublicKey)(nil), s.Public())
	der, err := keyformat.MarshalPKIXPublicKey(sk.PublicKey())
	require.NoError(t, err)
	pub, err := x509.ParsePKIXPublicKey(der)
	require.NoError(t, err)
	require.True(t, s.Public().(*stdmldsa.PublicKey).Equal(pub), "StandardSigner's public key")
	return s
}

// TestKeyformatOursInStdlib: keyformat's PKCS#8 and SubjectPublicKeyInfo
// parse in crypto/x509 to the same seed and public key.
func TestKeyformatOursInStdlib(t *testing.T) {
	for _, set := range keyformatSets {
		t.Run(set.ours.String(), func(t *testing.T) {
			sk := newOurKey(t, set, 1)
			der, err := keyformat.MarshalPKCS8PrivateKey(sk)
			require.NoError(t, err)
			std, err := x509.ParsePKCS8PrivateKey(der)
			require.NoError(t, err)
			require.IsType(t, (*stdmldsa.PrivateKey)(nil), std)
			assert.Equal(t, sk.Bytes(), std.(*stdmldsa.PrivateKey).Bytes())
			assert.Equal(t, sk.PublicKeyBytes(), std.(*stdmldsa.PrivateKey).PublicKey().Bytes())

			// crypto/x509 reads only the seed form (Go 1.27,
			// parsePKCS8PrivateKey checks for 34 bytes starting 0x80 0x20).
			for _, form := range []keyformat.Form{keyformat.FormExpanded, keyformat.FormBoth} {
				other, err := keyformat.MarshalPKCS8PrivateKeyForm(sk, form)
				require.NoError(t, err)
				_, err = x509.ParsePKCS8PrivateKey(other)
				assert.Error(t, err, "Go 1.27 reads the %v form", form)
			}

			pubDER, err := keyformat.MarshalPKIXPublicKey(sk.PublicKey())
			require.NoError(t, err)
			pub, err := x509.ParsePKIXPublicKey(pubDER)
			require.NoError(t, err)
			require.IsType(t, (*stdmldsa.PublicKey)(nil), pub)
			assert.Equal(t, sk.PublicKeyBytes(), pub.(*stdmldsa.PublicKey).Bytes())
		})
	}
}

// TestKeyformatStdlibInOurs: crypto/x509's PKCS#8 and SubjectPublicKeyInfo
// of crypto/mldsa keys parse in keyformat to the same key, and are byte for
// byte what keyformat writes.
func TestKeyformatStdlibInOurs(t *testing.T) {
	for _, set := range keyformatSets {
		t.Run(set.ours.String(), func(t *testing.T) {
			std, err := stdmldsa.GenerateKey(set.std)
			require.NoError(t, err)
			der, err := x509.MarshalPKCS8PrivateKey(std)
			require.NoError(t, err)
			key, err := keyformat.ParsePKCS8PrivateKey(der)
			require.NoError(t, err)
			require.IsType(t, (*mldsa.PrivateKey)(nil), key)
			sk := key.(*mldsa.PrivateKey)
			assert.Equal(t, set.ours, sk.Parameters())
			assert.Equal(t, std.Bytes(), sk.Bytes())
			assert.Equal(t, std.PublicKey().Bytes(), sk.PublicKeyBytes())
			ours, err := keyformat.MarshalPKCS8PrivateKey(sk)
			require.NoError(t, err)
			assert.Equal(t, der, ours)

			pubDER, err := x509.MarshalPKIXPublicKey(std.PublicKey())
			require.NoError(t, err)
			pub, err := keyformat.ParsePKIXPublicKey(pubDER)
			require.NoError(t, err)
			require.IsType(t, (*mldsa.PublicKey)(nil), pub)
			assert.Equal(t, std.PublicKey().Bytes(), pub.(*mldsa.PublicKey).Bytes())
			oursPub, err := keyformat.MarshalPKIXPublicKey(pub)
			require.NoError(t, err)
			assert.Equal(t, pubDER, oursPub)
		})
	}
}

func keyformatTemplate(serial int64, cn string, isCA bool) *x509.Certificate {
	tmpl := &x509.Certificate{
		SerialNumber:          big.NewInt(serial),
		Subject:               pkix.Name{CommonName: cn},
		NotBefore:             time.Now().Add(-time.Hour),
		NotAfter:              time.Now().Add(time.Hour),
		BasicConstraintsValid: true,
		IsCA:                  isCA,
		KeyUsage:              x509.KeyUsageDigitalSignature,
	}
	if isCA {
		tmpl.KeyUsage |= x509.KeyUsageCertSign
	} else {
		tmpl.DNSNames = []string{cn}
		tmpl.ExtKeyUsage = []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth}
	}
	return tmpl
}

// ourChain is a root certificate and a leaf certificate, both keys
// moduletto's, both certificates made by x509.CreateCertificate with
// moduletto signers.
type ourChain struct {
	root, leaf       *x509.Certificate
	rootKey, leafKey *mldsa.PrivateKey
}

func newOurChain(t *testing.T, set keyformatSet) ourChain {
	t.Helper()
	rootKey, leafKey := newOurKey(t, set, 2), newOurKey(t, set, 3)
	rootSigner, leafSigner := stdSigner(t, rootKey), stdSigner(t, leafKey)
	rootTmpl := keyformatTemplate(1, "moduletto root", true)
	rootDER, err := x509.CreateCertificate(rand.Reader, rootTmpl, rootTmpl, rootSigner.Public(), rootSigner)
	require.NoError(t, err)
	root, err := x509.ParseCertificate(rootDER)
	require.NoError(t, err)
	leafDER, err := x509.CreateCertificate(rand.Reader, keyformatTemplate(2, "moduletto.test", false), root, leafSigner.Public(), rootSigner)
	require.NoError(t, err)
	leaf, err := x509.ParseCertificate(leafDER)
	require.NoError(t, err)
	return ourChain{root, leaf, rootKey, leafKey}
}

// TestKeyformatCertificateOurSigner: certificates signed by a moduletto
// key (through x509.CreateCertificate) verify with crypto/x509, alone and
// as a chain, and their SubjectPublicKeyInfo parses in keyformat to the key.
func TestKeyformatCertificateOurSigner(t *testing.T) {
	for _, set := range keyformatSets {
		t.Run(set.ours.String(), func(t *testing.T) {
			// A moduletto key as it is: x509 rejects it by its Public type;
			// sk.StandardSigner() is what x509 takes.
			sk := newOurKey(t, set, 2)
			tmpl := keyformatTemplate(1, "moduletto root", true)
			_, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, stdSigner(t, sk).Public(), sk)
			assert.EqualError(t, err, "x509: only RSA, ECDSA, ML-DSA and Ed25519 keys supported")

			c := newOurChain(t, set)
			assert.Equal(t, x509.MLDSA, c.root.PublicKeyAlgorithm)
			assert.Equal(t, set.ours.String(), c.root.SignatureAlgorithm.String())
			assert.NoError(t, c.root.CheckSignatureFrom(c.root))
			assert.NoError(t, c.leaf.CheckSignatureFrom(c.root))

			roots := x509.NewCertPool()
			roots.AddCert(c.root)
			chains, err := c.leaf.Verify(x509.VerifyOptions{Roots: roots, DNSName: "moduletto.test"})
			require.NoError(t, err)
			require.Len(t, chains, 1)
			assert.Len(t, chains[0], 2)

			for cert, key := range map[*x509.Certificate]*mldsa.PrivateKey{c.root: c.rootKey, c.leaf: c.leafKey} {
				pub, err := keyformat.ParsePKIXPublicKey(cert.RawSubjectPublicKeyInfo)
				require.NoError(t, err)
				assert.True(t, key.PublicKey().Equal(pub))
			}
		})
	}
}

// splitCertificate returns the DER of the TBSCertificate, the signature
// algorithm's OID and the signature of a DER certificate (RFC 5280,
// Section 4.1), checking that the AlgorithmIdentifier has no parameters.
func splitCertificate(t *testing.T, der []byte) (tbs []byte, oid encoding_asn1.ObjectIdentifier, sig []byte) {
	t.Helper()
	in := cryptobyte.String(der)
	var cert, tbsElem, alg cryptobyte.String
	var bits encoding_asn1.BitString
	require.True(t, in.ReadASN1(&cert, asn1.SEQUENCE) && in.Empty())
	require.True(t, cert.ReadASN1Element(&tbsElem, asn1.SEQUENCE))
	require.True(t, cert.ReadASN1(&alg, asn1.SEQUENCE) && alg.ReadASN1ObjectIdentifier(&oid) && alg.Empty())
	require.True(t, cert.ReadASN1BitString(&bits) && cert.Empty())
	require.Zero(t, bits.BitLength%8)
	return tbsElem, oid, bits.Bytes
}

// TestKeyformatCertificateStdlibSigner: certificates signed by crypto/mldsa
// keys verify with moduletto's mldsa.Verify over the TBSCertificate with the
// empty context (RFC 9881, Section 3), the key read by keyformat from the
// issuer's SubjectPublicKeyInfo.
func TestKeyformatCertificateStdlibSigner(t *testing.T) {
	for _, set := range keyformatSets {
		t.Run(set.ours.String(), func(t *testing.T) {
			std, err := stdmldsa.GenerateKey(set.std)
			require.NoError(t, err)
			tmpl := keyformatTemplate(7, "crypto/mldsa root", true)
			der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, std.PublicKey(), std)
			require.NoError(t, err)
			cert, err := x509.ParseCertificate(der)
			require.NoError(t, err)

			tbs, oid, sig := splitCertificate(t, der)
			assert.Equal(t, cert.RawTBSCertificate, tbs)
			assert.True(t, oid.Equal(set.oid), "signature OID %v", oid)
			assert.Len(t, sig, set.ours.SignatureSize())

			pub, err := keyformat.ParsePKIXPublicKey(cert.RawSubjectPublicKeyInfo)
			require.NoError(t, err)
			pk := pub.(*mldsa.PublicKey)
			assert.NoError(t, mldsa.Verify(pk, tbs, sig, nil))
			assert.Error(t, mldsa.Verify(pk, tbs, sig, &mldsa.Options{Context: "x"}))
			bad := append([]byte(nil), tbs...)
			bad[len(bad)/2] ^= 1
			assert.Error(t, mldsa.Verify(pk, bad, sig, nil))
		})
	}
}

// tlsHandshake runs a TLS 1.3 handshake over net.Pipe between a server with
// the certificate chain and key given and a client trusting roots, and
// exchanges a message. It returns the server's and the client's errors.
func tlsHandshake(t *testing.T, chain [][]byte, key crypto.PrivateKey, roots *x509.CertPool) (serverErr, clientErr error) {
	t.Helper()
	sc, cc := net.Pipe()
	defer sc.Close()
	defer cc.Close()
	deadline := time.Now().Add(30 * time.Second)
	require.NoError(t, sc.SetDeadline(deadline))
	require.NoError(t, cc.SetDeadline(deadline))
	server := tls.Server(sc, &tls.Config{
		MinVersion:   tls.VersionTLS13,
		Certificates: []tls.Certificate{{Certificate: chain, PrivateKey: key}},
	})
	client := tls.Client(cc, &tls.Config{MinVersion: tls.VersionTLS13, RootCAs: roots, ServerName: "moduletto.test"})
	done := make(chan error, 1)
	go func() {
		err := server.Handshake()
		if err == nil {
			_, err = server.Write([]byte("hello over ML-DSA"))
		}
		if err != nil {
			sc.Close() // unblock the client
		}
		done <- err
	}()
	clientErr = client.Handshake()
	if clientErr == nil {
		buf := make([]byte, 64)
		n, err := client.Read(buf)
		clientErr = err
		if err == nil {
			assert.Equal(t, "hello over ML-DSA", string(buf[:n]))
			state := client.ConnectionState()
			assert.Equal(t, uint16(tls.VersionTLS13), state.Version)
			require.Len(t, state.VerifiedChains, 1)
		}
	} else {
		cc.Close()
	}
	return <-done, clientErr
}

// TestKeyformatTLS13: crypto/tls completes a TLS 1.3 handshake whose server
// certificate key is a moduletto ML-DSA key, the client verifying the
// chain and the CertificateVerify signature. The server's key is
// sk.StandardSigner(), whose Public returns the crypto/mldsa key: crypto/tls
// (selectSignatureScheme, signatureSchemesForPublicKey) offers no
// signature scheme for another type.
func TestKeyformatTLS13(t *testing.T) {
	for _, set := range keyformatSets {
		t.Run(set.ours.String(), func(t *testing.T) {
			c := newOurChain(t, set)
			roots := x509.NewCertPool()
			roots.AddCert(c.root)
			chain := [][]byte{c.leaf.Raw, c.root.Raw}

			// As it is, the key is refused: the type named is moduletto's
			// *mldsa.PublicKey, which prints like crypto/mldsa's.
			serverErr, clientErr := tlsHandshake(t, chain, c.leafKey, roots)
			assert.EqualError(t, serverErr, "tls: unsupported certificate key (*mldsa.PublicKey)")
			assert.ErrorContains(t, clientErr, "handshake failure")

			serverErr, clientErr = tlsHandshake(t, chain, stdSigner(t, c.leafKey), roots)
			assert.NoError(t, serverErr)
			assert.NoError(t, clientErr)
		})
	}
}
