// Package sample turns SHAKE streams into polynomials with the samplers of
// FIPS 203 (SampleNTT, SamplePolyCBD) and FIPS 204 (RejNTTPoly,
// RejBoundedPoly, SampleInBall, ExpandA, ExpandS, ExpandMask).
package sample
