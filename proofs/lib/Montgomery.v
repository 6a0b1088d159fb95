(** * Signed Montgomery reduction on n-bit lanes, for every n

    The model of [field.MontgomeryReduce16] (n = 16) and
    [field.MontgomeryReduce32] (n = 32), which share one shape:

<<
    t := intN(a) * qInv                     // n-bit product, wraps
    return intN((a - int2N(t)*int2N(q)) >> n)   // 2n-bit arithmetic
>>

    [mont_reduce_correct] proves, for every lane width n >= 1, every q with
    0 < q < 2^(n-1) and q·qInv ≡ 1 (mod 2^n), and every a with
    −q·2^(n−1) <= a < q·2^(n−1): the result r satisfies |r| < q and
    r·2^n ≡ a (mod q), i.e. r ≡ a·R⁻¹ with R = 2^n. *)

From Coq Require Import ZArith Lia.
From Moduletto Require Import lib.GoInt.
Open Scope Z_scope.

Definition mont_reduce (n q qinv a : Z) : Z :=
  let t := wrap n (wrap n a * qinv) in
  wrap n (asr (wrap (2 * n) (a - wrap (2 * n) (t * q))) n).

Theorem mont_reduce_correct n q qinv a :
  1 <= n ->
  0 < q < 2 ^ (n - 1) ->
  (q * qinv) mod 2 ^ n = 1 ->
  - q * 2 ^ (n - 1) <= a < q * 2 ^ (n - 1) ->
  let r := mont_reduce n q qinv a in
  - q < r < q /\ (r * 2 ^ n) mod q = a mod q.
Proof.
  intros Hn Hq Hinv Ha r.
  set (R := 2 ^ n) in *. set (H := 2 ^ (n - 1)) in *.
  assert (HR : R = 2 * H) by (apply pow_pred; lia).
  assert (HH : 0 < H) by (apply Z.pow_pos_nonneg; lia).
  assert (H2n : 2 ^ (2 * n - 1) = R * H) by (apply pow_double_pred; lia).
  unfold r, mont_reduce. clear r.
  set (t := wrap n (wrap n a * qinv)).
  (* t is an n-bit value congruent to a·qInv modulo R. *)
  assert (Ht : signed n t) by (apply wrap_range; lia).
  unfold signed in Ht. fold H in Ht.
  assert (Htm : t mod R = (a * qinv) mod R).
  { unfold t, R. rewrite wrap_mod by lia.
    rewrite Zmult_mod, wrap_mod, <- Zmult_mod by lia. reflexivity. }
  (* Neither 2n-bit operation wraps. *)
  assert (Htq : wrap (2 * n) (t * q) = t * q).
  { apply wrap_small; [lia|]. unfold signed. rewrite H2n. nia. }
  rewrite Htq.
  assert (Hd : wrap (2 * n) (a - t * q) = a - t * q).
  { apply wrap_small; [lia|]. unfold signed. rewrite H2n. nia. }
  rewrite Hd.
  (* a − t·q is a multiple of R. *)
  destruct (mod_eq_exists t (a * qinv) R ltac:(lia) Htm) as [j Hj].
  destruct (mod_eq_exists (q * qinv) 1 R ltac:(lia)
              ltac:(rewrite Hinv; symmetry; apply Z.mod_small; lia)) as [k Hk].
  assert (Hexact : a - t * q = R * (- (a * k + j * q))).
  { rewrite Hj.
    replace ((a * qinv + R * j) * q) with (a * (q * qinv) + R * j * q) by ring.
    rewrite Hk. ring. }
  rewrite asr_div by lia. fold R. rewrite Hexact.
  rewrite Z.mul_comm, Z.div_mul by lia.
  (* The quotient lies strictly between −q and q, so the last wrap is exact. *)
  assert (Hb : - q < - (a * k + j * q) < q) by nia.
  rewrite wrap_small by (unfold signed; fold H; lia).
  split; [exact Hb|].
  rewrite Z.mul_comm, <- Hexact.
  rewrite Zminus_mod, Z_mod_mult, Z.sub_0_r, Zmod_mod. reflexivity.
Qed.

(** From r·R ≡ a to r ≡ a·R⁻¹, given an explicit inverse of R mod q. *)
Lemma mont_rinv r a R Rinv q :
  (R * Rinv) mod q = 1 -> (r * R) mod q = a mod q ->
  r mod q = (a * Rinv) mod q.
Proof.
  intros HRinv Hr.
  transitivity ((r * (R * Rinv)) mod q).
  - rewrite (Zmult_mod r), HRinv, Z.mul_1_r, Zmod_mod. reflexivity.
  - rewrite Z.mul_assoc, (Zmult_mod (r * R)), Hr, <- Zmult_mod. reflexivity.
Qed.
