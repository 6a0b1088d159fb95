package main

import "crypto/mlkem"

// stdOps builds the ops of the Go standard library's crypto/mlkem, which has
// ML-KEM-768 and ML-KEM-1024 (and, in Go 1.26, no public ML-DSA).
func stdOps(set string) (opSet, error) {
	switch set {
	case "ML-KEM-768":
		return kemOpSet(mlkem.GenerateKey768)
	case "ML-KEM-1024":
		return kemOpSet(mlkem.GenerateKey1024)
	}
	return nil, nil
}
