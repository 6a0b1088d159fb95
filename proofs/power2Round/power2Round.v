(** * mldsa.power2Round: Power2Round, FIPS 204 Algorithm 35 (dsa/mldsa/rounding.go)

    Go source: dsa/mldsa/rounding.go dsa/mldsa/params.go field/params/params.go

<<
// power2Round implements Power2Round, FIPS 204, Algorithm 35: r = r1·2^d + r0
// with r0 = r mod± 2^d.
//
// Bounds: requires 0 <= r < q; ensures 0 <= r1 < 2^10, −2^12 < r0 <= 2^12.
func power2Round(r int32) (r1, r0 int32) {
	r1 = (r + 1<<(d-1) - 1) >> d
	r0 = r - r1<<d
	return r1, r0
}

	q = params.MLDSAQ // 8380417 = 2^23 − 2^13 + 1
	d = 13            // bits dropped from t by Power2Round
	MLDSAQ      = 8380417
>>

    Model: q = 8380417 and d = 13 (dsa/mldsa/params.go); Go parses
    [r + 1<<(d-1) - 1] as [(r + 4096) - 1]; every int32 operation wraps;
    [>> d] is floor division, [r1<<d] wraps to int32.

    FIPS 204, Algorithm 35:
      r+ ← r mod q;  r0 ← r+ mod± 2^d;  return ((r+ − r0)/2^d, r0).
    [power2round_correct] proves the Go function equal to it, with the
    stated bounds, for every r in [0, q) — by a proof, not enumeration. *)

From Coq Require Import ZArith Lia.
From Moduletto Require Import lib.GoInt lib.Rounding.
Open Scope Z_scope.

Definition q : Z := 8380417.

Definition power2round (r : Z) : Z * Z :=
  let r1 := asr (i32 (i32 (r + 4096) - 1)) 13 in
  let r0 := i32 (r - i32 (Z.shiftl r1 13)) in
  (r1, r0).

(** FIPS 204, Algorithm 35, with d = 13. *)
Definition power2round_fips (r : Z) : Z * Z :=
  let rp := r mod q in
  let r0 := modpm rp (2 ^ 13) in
  ((rp - r0) / 2 ^ 13, r0).

(* main *)
Theorem power2round_correct r :
  0 <= r < q ->
  power2round r = power2round_fips r /\
  0 <= fst (power2round r) < 2 ^ 10 /\
  - 2 ^ 12 < snd (power2round r) <= 2 ^ 12.
Proof.
  intros Hr. unfold q in Hr.
  assert (Hrt : power2round r =
                ((r + 2 ^ 12 - 1) / (2 * 2 ^ 12),
                 r - (r + 2 ^ 12 - 1) / (2 * 2 ^ 12) * (2 * 2 ^ 12))).
  { unfold power2round, i32.
    rewrite (wrap_small 32 (r + 4096)) by (unfold signed; simpl; lia).
    rewrite (wrap_small 32 (r + 4096 - 1)) by (unfold signed; simpl; lia).
    rewrite asr_div by lia.
    replace (r + 4096 - 1) with (r + 2 ^ 12 - 1) by reflexivity.
    replace (2 ^ 13) with (2 * 2 ^ 12) by reflexivity.
    assert (H0 : 0 <= (r + 2 ^ 12 - 1) / (2 * 2 ^ 12) < 2 ^ 10).
    { split; [apply Z.div_pos; lia | apply Z.div_lt_upper_bound; simpl; lia]. }
    rewrite Z.shiftl_mul_pow2 by lia.
    replace (2 ^ 13) with (2 * 2 ^ 12) by reflexivity.
    rewrite (wrap_small 32 (_ * (2 * 2 ^ 12))) by (unfold signed; simpl in *; lia).
    rewrite wrap_small; [reflexivity | lia |].
    pose proof (round_down_modpm r (2 ^ 12) ltac:(lia)) as Hm.
    pose proof (modpm_spec r (2 ^ 12) ltac:(lia)) as [_ Hb].
    unfold signed. simpl in *. lia. }
  pose proof (round_down_modpm r (2 ^ 12) ltac:(lia)) as Hm.
  pose proof (modpm_spec r (2 ^ 12) ltac:(lia)) as [_ Hb].
  set (k := (r + 2 ^ 12 - 1) / (2 * 2 ^ 12)) in *.
  assert (Hk : 0 <= k < 2 ^ 10).
  { unfold k. split; [apply Z.div_pos; lia | apply Z.div_lt_upper_bound; simpl; lia]. }
  rewrite Hrt, Hm. simpl fst. simpl snd.
  unfold power2round_fips, q. rewrite (Z.mod_small r) by lia.
  replace (2 ^ 13) with (2 * 2 ^ 12) by reflexivity.
  rewrite <- Hm.
  replace (r - (r - k * (2 * 2 ^ 12))) with (k * (2 * 2 ^ 12)) by ring.
  rewrite Z.div_mul by lia.
  split; [reflexivity|]. split; [exact Hk | exact Hb].
Qed.
