(** * mldsa.decompose: Decompose, FIPS 204 Algorithm 36 (dsa/mldsa/rounding.go)

    Go source: dsa/mldsa/rounding.go dsa/mldsa/params.go field/params/params.go

<<
// eqMask returns −1 if a == b and 0 otherwise.
//
// Bounds: requires 0 <= a, b < 2^31; ensures r ∈ {−1, 0}.
func eqMask(a, b int32) int32 {
	return -int32((uint32(a^b) - 1) >> 31)
}

// decompose implements Decompose, FIPS 204, Algorithm 36: r = r1·2γ2 + r0
// with r0 = r mod± 2γ2, except that r1 = 0 and r0 = r − q when
// r − (r mod± 2γ2) = q − 1.
//
// r1 = ⌊(r + γ2 − 1) / 2γ2⌋ is computed as ((r + γ2 − 1)·⌈2^48/2γ2⌉) >> 48,
// exact because the numerator is below 2^24 and ⌈2^48/2γ2⌉·2γ2 − 2^48 is
// below 2^24.
//
// Bounds: requires 0 <= r < q; ensures 0 <= r1 < (q−1)/2γ2, −γ2 <= r0 <= γ2.
func (p *parameterSet) decompose(r int32) (r1, r0 int32) {
	r1 = int32((uint64(r+p.γ2-1) * p.decMul) >> 48)
	wrap := eqMask(r1, p.m) // r1 = (q−1)/2γ2: the top interval folds onto 0
	r1 &^= wrap
	r0 = r - r1*2*p.γ2 - wrap&q
	return r1, r0
}

... in newParameterSet:
		γ1: 1 << (γ1Bits - 1), γ2: (q - 1) / γ2Div, ω: ω, λ: λ, γ1Bits: γ1Bits}
	p.m = (q - 1) / (2 * p.γ2)
	p.decMul = (1<<48 + uint64(2*p.γ2) - 1) / uint64(2*p.γ2)

	q = params.MLDSAQ // 8380417 = 2^23 − 2^13 + 1
	MLDSAQ      = 8380417
params44 = newParameterSet("ML-DSA-44", 4, 4, 2, 39, 18, 88, 80, 128) // NIST security category 2
params65 = newParameterSet("ML-DSA-65", 6, 5, 4, 49, 20, 32, 55, 192) // category 3
params87 = newParameterSet("ML-DSA-87", 8, 7, 2, 60, 20, 32, 75, 256) // category 5
>>

    Model: q = 8380417; [^] is [Z.lxor], [&^] is AND NOT
    ([Z.land x (Z.lnot y)]), [&] is [Z.land] and binds like [*], so
    [r - r1*2*γ2 - wrap&q] is [(r - (r1*2)*γ2) - (wrap & q)]; every int32,
    uint32 and uint64 operation wraps; shifts are floor divisions.

    FIPS 204, Algorithm 36:
      r+ ← r mod q;  r0 ← r+ mod± (2γ2);
      if r+ − r0 = q − 1 then (r1, r0) ← (0, r0 − 1)
      else r1 ← (r+ − r0)/(2γ2);
      return (r1, r0).

    [decompose_correct] proves the Go function equal to it, with the stated
    bounds, for every r in [0, q), for any γ2 meeting four conditions;
    [decompose_correct_65] (γ2 = (q−1)/32: ML-DSA-65 and -87) and
    [decompose_correct_44] (γ2 = (q−1)/88: ML-DSA-44)
    discharge them.  This is a proof, not an enumeration. *)

From Coq Require Import ZArith Lia.
From Moduletto Require Import lib.GoInt lib.Rounding.
Open Scope Z_scope.

Definition q : Z := 8380417.

Definition eq_mask (a b : Z) : Z :=
  i32 (- i32 (asr (u32 (u32 (Z.lxor a b) - 1)) 31)).

Definition gamma2 (div : Z) : Z := (q - 1) / div.
Definition dec_mul (g2 : Z) : Z := (2 ^ 48 + 2 * g2 - 1) / (2 * g2).
Definition m_of (g2 : Z) : Z := (q - 1) / (2 * g2).

Definition decompose (g2 decmul m r : Z) : Z * Z :=
  let r1 := i32 (asr (u64 (u64 (i32 (i32 (r + g2) - 1)) * decmul)) 48) in
  let wrap := eq_mask r1 m in
  let r1' := Z.land r1 (Z.lnot wrap) in
  let r0 := i32 (i32 (r - i32 (i32 (r1' * 2) * g2)) - Z.land wrap q) in
  (r1', r0).

(** FIPS 204, Algorithm 36. *)
Definition decompose_fips (g2 r : Z) : Z * Z :=
  let rp := r mod q in
  let r0 := modpm rp (2 * g2) in
  if (rp - r0) =? (q - 1) then (0, r0 - 1) else ((rp - r0) / (2 * g2), r0).

(* main *)
Lemma eq_mask_correct a b :
  0 <= a < 2 ^ 31 -> 0 <= b < 2 ^ 31 ->
  eq_mask a b = if a =? b then -1 else 0.
Proof.
  intros Ha Hb. unfold eq_mask, i32, u32.
  destruct (Z.eqb_spec a b) as [<- | Hne].
  - rewrite Z.lxor_nilpotent. reflexivity.
  - set (x := Z.lxor a b).
    assert (Hx0 : 0 <= x) by (apply Z.lxor_nonneg; lia).
    assert (Hxne : x <> 0) by (unfold x; rewrite Z.lxor_eq_0_iff; exact Hne).
    assert (Hx : x < 2 ^ 31).
    { destruct (Z.eq_dec a 0) as [-> | Ha0]; [unfold x; rewrite Z.lxor_0_l; lia|].
      destruct (Z.eq_dec b 0) as [-> | Hb0]; [unfold x; rewrite Z.lxor_0_r; lia|].
      apply Z.log2_lt_pow2; [lia|].
      apply Z.le_lt_trans with (Z.max (Z.log2 a) (Z.log2 b)).
      + apply Z.log2_lxor; lia.
      + apply Z.max_lub_lt; apply Z.log2_lt_pow2; lia. }
    unfold uwrap. rewrite (Z.mod_small x) by lia.
    rewrite (Z.mod_small (x - 1)) by lia.
    rewrite asr_div, Z.div_small by lia. reflexivity.
Qed.

(** The four conditions on γ2: a positive γ2 (of the size FIPS 204 uses),
    2γ2 divides q − 1, and the reciprocal ⌈2^48/2γ2⌉ is exact on the
    numerators r + γ2 − 1 < q + γ2. *)
Definition gamma2_ok (g2 : Z) : Prop :=
  2 ^ 10 <= g2 < 2 ^ 20 /\
  (q - 1) mod (2 * g2) = 0 /\
  ((q + g2) / (2 * g2) + 1) * (dec_mul g2 * (2 * g2) - 2 ^ 48) < dec_mul g2.

(* main *)
Theorem decompose_correct g2 r :
  gamma2_ok g2 -> 0 <= r < q ->
  let res := decompose g2 (dec_mul g2) (m_of g2) r in
  res = decompose_fips g2 r /\
  0 <= fst res < m_of g2 /\ - g2 <= snd res <= g2.
Proof.
  intros [Hg [Hdiv Hexact]] Hr res. unfold q in *.
  set (D := 2 * g2) in *. set (M := dec_mul g2) in *. set (m := m_of g2).
  assert (HD : D = 2 * g2) by reflexivity.
  assert (Hm : m * D = 8380417 - 1).
  { unfold m, m_of, q. fold D. pose proof (Z.div_mod (8380417 - 1) D ltac:(lia)). lia. }
  assert (Hm1 : 1 <= m) by nia.
  (* M = ⌈2^48/D⌉: M·D = 2^48 + e with 0 <= e < D. *)
  assert (HM : 2 ^ 48 <= M * D < 2 ^ 48 + D).
  { unfold M, dec_mul. fold D.
    pose proof (Z.div_mod (2 ^ 48 + D - 1) D ltac:(lia)).
    pose proof (Z.mod_pos_bound (2 ^ 48 + D - 1) D ltac:(lia)). lia. }
  assert (HM40 : 0 < M < 2 ^ 40) by nia.
  (* The quotient. *)
  set (N := r + g2 - 1).
  assert (HNdef : N = r + g2 - 1) by reflexivity.
  assert (HN : 0 <= N < 8380417 + g2) by (unfold N; lia).
  set (k := N / D).
  assert (HkD : N * M / 2 ^ 48 = k).
  { apply (div_by_reciprocal N D M (2 ^ 48) (M * D - 2 ^ 48)); try lia.
    apply Z.le_lt_trans with (((8380417 + g2) / D + 1) * (M * D - 2 ^ 48)); [|exact Hexact].
    apply Z.mul_le_mono_nonneg_r; [lia|].
    apply Z.add_le_mono_r, Z.div_le_mono; lia. }
  assert (Hk : 0 <= k <= m).
  { unfold k. split; [apply Z.div_pos; lia|].
    apply Z.lt_succ_r, Z.div_lt_upper_bound; lia. }
  assert (Hround : r - k * D = modpm r D).
  { unfold k, N, D. apply round_down_modpm. lia. }
  pose proof (modpm_spec r g2 ltac:(lia)) as [_ Hpm]. fold D in Hpm.
  (* The Go value of r1 before the fold. *)
  assert (Hr1 : i32 (asr (u64 (u64 (i32 (i32 (r + g2) - 1)) * M)) 48) = k).
  { unfold i32. rewrite (wrap_small 32 (r + g2)) by (unfold signed; simpl; lia).
    rewrite (wrap_small 32 (r + g2 - 1)) by (unfold signed; simpl; lia).
    fold N. unfold u64.
    rewrite (uwrap_small 64 N) by (unfold unsigned; simpl; lia).
    rewrite (uwrap_small 64 (N * M)) by (unfold unsigned; simpl; nia).
    rewrite asr_div, HkD by lia.
    apply wrap_small; [lia|]. unfold signed; simpl; lia. }
  unfold res, decompose. rewrite Hr1.
  fold m. rewrite eq_mask_correct by lia.
  unfold decompose_fips, q. rewrite (Z.mod_small r) by lia.
  fold D. rewrite <- Hround.
  replace (r - (r - k * D)) with (k * D) by ring.
  destruct (Z.eqb_spec k m) as [-> | Hne].
  - (* the top interval: r1 = m folds onto 0, r0 = r − q *)
    replace (m * D =? 8380417 - 1) with true by (symmetry; apply Z.eqb_eq; lia).
    change (Z.lnot (-1)) with 0. rewrite Z.land_0_r, Z.land_m1_l.
    change (i32 (i32 (0 * 2) * g2)) with 0. rewrite Z.sub_0_r.
    unfold i32.
    rewrite (wrap_small 32 r) by (unfold signed; simpl; lia).
    rewrite (wrap_small 32 (r - 8380417)) by (unfold signed; simpl; lia).
    split; [f_equal; lia|]. simpl. lia.
  - replace (k * D =? 8380417 - 1) with false by (symmetry; apply Z.eqb_neq; nia).
    change (Z.lnot 0) with (-1). rewrite Z.land_m1_r, Z.land_0_l.
    unfold i32.
    rewrite (wrap_small 32 (k * 2)) by (unfold signed; simpl; lia).
    rewrite (wrap_small 32 (k * 2 * g2)) by (unfold signed; simpl; nia).
    rewrite (wrap_small 32 (r - k * 2 * g2)) by (unfold signed; simpl; nia).
    rewrite Z.sub_0_r, (wrap_small 32 (r - k * 2 * g2)) by (unfold signed; simpl; nia).
    rewrite Z.div_mul by lia.
    split; [f_equal; unfold D; ring|]. simpl. unfold D in *. split; [lia|]. lia.
Qed.

(** ML-DSA-65 (and -87): γ2 = (q − 1)/32 = 261888. *)
(* main *)
Theorem decompose_correct_65 r :
  0 <= r < q ->
  let g2 := gamma2 32 in
  let res := decompose g2 (dec_mul g2) (m_of g2) r in
  res = decompose_fips g2 r /\
  0 <= fst res < (q - 1) / (2 * g2) /\ - g2 <= snd res <= g2.
Proof.
  intros Hr. apply decompose_correct; [|exact Hr].
  unfold gamma2_ok. vm_compute. repeat split; discriminate.
Qed.

(** ML-DSA-44: γ2 = (q − 1)/88 = 95232. *)
(* main *)
Theorem decompose_correct_44 r :
  0 <= r < q ->
  let g2 := gamma2 88 in
  let res := decompose g2 (dec_mul g2) (m_of g2) r in
  res = decompose_fips g2 r /\
  0 <= fst res < (q - 1) / (2 * g2) /\ - g2 <= snd res <= g2.
Proof.
  intros Hr. apply decompose_correct; [|exact Hr].
  unfold gamma2_ok. vm_compute. repeat split; discriminate.
Qed.
