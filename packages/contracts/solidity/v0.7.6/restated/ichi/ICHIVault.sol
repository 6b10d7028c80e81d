// SPDX-License-Identifier: GPL-2.0-or-later
// Restated for Tidewatch's test kit from the ABI QuickSwap's interface-v2 reads ICHI's vaults with
// (src/constants/abis/ichi-vault.json at 8799993562503860a266feb3d8bf376acc80596a; README.md in the folder
// above). Not ICHI's code (BUSL): our own Solidity with exactly that file's functions and events, behaving as
// ICHI's Algebra ICHIVault does for what a tracker reads and a user does.
pragma solidity 0.7.6;

import '@openzeppelin/contracts/math/SafeMath.sol';
import '@openzeppelin/contracts/token/ERC20/IERC20.sol';
import '@openzeppelin/contracts/token/ERC20/SafeERC20.sol';
import '@openzeppelin/contracts/utils/ReentrancyGuard.sol';
import '@uniswap/v3-core/contracts/libraries/FullMath.sol';
import '@uniswap/v3-core/contracts/libraries/TickMath.sol';
import 'contracts/algebra/interfaces/IAlgebraPool.sol';
import '../common/AlgebraPositions.sol';
import '../common/ERC20Shares.sol';

/// @title ICHI's single-sided vault on an Algebra (QuickSwap V3) pool, restated.
/// @notice ERC-20 shares (18 decimals) over a base and a limit position in one pool and idle tokens. Deposits take
/// only the allowed token(s) (allowToken0, allowToken1; usually one) and stay idle until the owner's next
/// `rebalance`; shares are priced in token1 at the pool's price (deposits at the lower of spot and TWAP, holdings
/// at the higher). A withdrawal burns the shares' part of each position's liquidity and pays it with the shares'
/// part of the idle tokens.
/// Simplified against ICHI's contract: the TWAP is the spot price (ICHI reads the pool's timepoints over
/// twapPeriod, and a deposit whose spot and TWAP differ by more than `hysteresis` is refused unless the price was
/// not touched in the block), so the hysteresis check never applies; the fees collected stay in the vault (ICHI
/// sends a part to its factory's fee recipient and the affiliate); the factory is just the deployer.
contract ICHIVault is ERC20Shares, ReentrancyGuard {
    using SafeMath for uint256;
    using SafeERC20 for IERC20;

    uint256 public constant PRECISION = 10**18;
    address private constant NULL_ADDRESS = address(0);

    address public immutable pool;
    address public immutable token0;
    address public immutable token1;
    bool public immutable allowToken0;
    bool public immutable allowToken1;
    int24 public immutable tickSpacing;
    /// @notice The deployer; ICHI's vault factory in ICHI's deployments.
    address public immutable ichiVaultFactory;

    address public owner;
    address public affiliate;
    int24 public baseLower;
    int24 public baseUpper;
    int24 public limitLower;
    int24 public limitUpper;
    uint32 public twapPeriod;
    uint256 public deposit0Max;
    uint256 public deposit1Max;
    uint256 public maxTotalSupply;
    uint256 public hysteresis;
    // True only between `pool.mint` and the pool's callback.
    bool private mintCalled;

    event OwnershipTransferred(address indexed previousOwner, address indexed newOwner);
    event DeployICHIVault(
        address indexed sender,
        address indexed pool,
        bool allowToken0,
        bool allowToken1,
        address owner,
        uint256 twapPeriod
    );
    event SetTwapPeriod(address sender, uint32 newTwapPeriod);
    event Deposit(address indexed sender, address indexed to, uint256 shares, uint256 amount0, uint256 amount1);
    event Withdraw(address indexed sender, address indexed to, uint256 shares, uint256 amount0, uint256 amount1);
    event Rebalance(
        int24 tick,
        uint256 totalAmount0,
        uint256 totalAmount1,
        uint256 feeAmount0,
        uint256 feeAmount1,
        uint256 totalSupply
    );
    event CollectFees(address indexed sender, uint256 feeAmount0, uint256 feeAmount1);
    event Hysteresis(address indexed sender, uint256 hysteresis);
    event DepositMax(address indexed sender, uint256 deposit0Max, uint256 deposit1Max);
    event MaxTotalSupply(address indexed sender, uint256 maxTotalSupply);
    event Affiliate(address indexed sender, address affiliate);

    modifier onlyOwner() {
        require(msg.sender == owner, 'Ownable: caller is not the owner');
        _;
    }

    /// @param _vaultIndex The vault's number in ICHI's factory; not used here.
    constructor(
        address _pool,
        bool _allowToken0,
        bool _allowToken1,
        address __owner,
        uint32 _twapPeriod,
        uint256 _vaultIndex
    ) {
        _vaultIndex;
        require(_pool != NULL_ADDRESS, 'IV.constructor: zero address');
        require((_allowToken0 && !_allowToken1) || (_allowToken1 && !_allowToken0), 'IV.constructor: must be single sided');
        pool = _pool;
        token0 = IAlgebraPool(_pool).token0();
        token1 = IAlgebraPool(_pool).token1();
        allowToken0 = _allowToken0;
        allowToken1 = _allowToken1;
        tickSpacing = IAlgebraPool(_pool).tickSpacing();
        ichiVaultFactory = msg.sender;
        twapPeriod = _twapPeriod;
        _setNameAndSymbol('ICHI Vault Liquidity', 'ICHI_Vault_LP');
        owner = __owner;
        emit OwnershipTransferred(NULL_ADDRESS, __owner);
        maxTotalSupply = 0; // no cap
        hysteresis = PRECISION.div(100); // 1 %
        deposit0Max = uint256(-1);
        deposit1Max = uint256(-1);
        emit DeployICHIVault(msg.sender, _pool, _allowToken0, _allowToken1, __owner, _twapPeriod);
    }

    // ---- Views ----

    function currentTick() public view returns (int24 tick) {
        (, tick) = AlgebraPositions.price(IAlgebraPool(pool));
    }

    /// @notice The pool's current fee (Algebra's dynamic fee, hundredths of a bip).
    function fee() external view returns (uint24 fee_) {
        (, , uint16 poolFee, , , , ) = IAlgebraPool(pool).globalState();
        fee_ = uint24(poolFee);
    }

    /// @notice The base position's liquidity and its amounts at the pool's price plus what the pool owes it.
    function getBasePosition() public view returns (uint128 liquidity, uint256 amount0, uint256 amount1) {
        return AlgebraPositions.holdings(IAlgebraPool(pool), address(this), baseLower, baseUpper);
    }

    function getLimitPosition() public view returns (uint128 liquidity, uint256 amount0, uint256 amount1) {
        return AlgebraPositions.holdings(IAlgebraPool(pool), address(this), limitLower, limitUpper);
    }

    /// @notice Idle tokens plus both positions (each with what the pool owes it).
    function getTotalAmounts() public view returns (uint256 total0, uint256 total1) {
        (, uint256 base0, uint256 base1) = getBasePosition();
        (, uint256 limit0, uint256 limit1) = getLimitPosition();
        total0 = IERC20(token0).balanceOf(address(this)).add(base0).add(limit0);
        total1 = IERC20(token1).balanceOf(address(this)).add(base1).add(limit1);
    }

    // ---- Holders ----

    /// @notice Deposits the allowed token(s) for shares minted to `to`: deposit0 priced in token1, plus deposit1,
    /// over the holdings priced the same way, times the supply (the first deposit gets its value in token1).
    function deposit(uint256 deposit0, uint256 deposit1, address to) external nonReentrant returns (uint256 shares) {
        require(allowToken0 || deposit0 == 0, 'IV.deposit: token0 not allowed');
        require(allowToken1 || deposit1 == 0, 'IV.deposit: token1 not allowed');
        require(deposit0 > 0 || deposit1 > 0, 'IV.deposit: deposits must be > 0');
        require(deposit0 < deposit0Max && deposit1 < deposit1Max, 'IV.deposit: deposits too large');
        require(to != NULL_ADDRESS && to != address(this), 'IV.deposit: to');

        // Update the positions' fees so the holdings include them.
        _pokePositions();

        uint256 price = _fetchSpot(currentTick());
        uint256 twap = price; // ICHI: the pool's TWAP over twapPeriod (see the contract's notice)

        (uint256 pool0, uint256 pool1) = getTotalAmounts();
        uint256 deposit0PricedInToken1 = deposit0.mul(price < twap ? price : twap).div(PRECISION);

        if (deposit0 > 0) IERC20(token0).safeTransferFrom(msg.sender, address(this), deposit0);
        if (deposit1 > 0) IERC20(token1).safeTransferFrom(msg.sender, address(this), deposit1);

        shares = deposit1.add(deposit0PricedInToken1);
        uint256 supply = totalSupply();
        if (supply != 0) {
            uint256 pool0PricedInToken1 = pool0.mul(price > twap ? price : twap).div(PRECISION);
            shares = shares.mul(supply).div(pool0PricedInToken1.add(pool1));
        }
        _mint(to, shares);
        emit Deposit(msg.sender, to, shares, deposit0, deposit1);
        require(maxTotalSupply == 0 || totalSupply() <= maxTotalSupply, 'IV.deposit: maxTotalSupply');
    }

    /// @notice Burns `shares` for their part of both positions' liquidity (paid by the pool to `to`) and of the idle
    /// tokens.
    function withdraw(uint256 shares, address to) external nonReentrant returns (uint256 amount0, uint256 amount1) {
        require(shares > 0, 'IV.withdraw: shares');
        require(to != NULL_ADDRESS, 'IV.withdraw: to');
        (uint256 base0, uint256 base1) =
            _burnLiquidity(baseLower, baseUpper, _liquidityForShares(baseLower, baseUpper, shares), to, false);
        (uint256 limit0, uint256 limit1) =
            _burnLiquidity(limitLower, limitUpper, _liquidityForShares(limitLower, limitUpper, shares), to, false);
        uint256 supply = totalSupply();
        uint256 unused0 = IERC20(token0).balanceOf(address(this)).mul(shares).div(supply);
        uint256 unused1 = IERC20(token1).balanceOf(address(this)).mul(shares).div(supply);
        if (unused0 > 0) IERC20(token0).safeTransfer(to, unused0);
        if (unused1 > 0) IERC20(token1).safeTransfer(to, unused1);
        amount0 = base0.add(limit0).add(unused0);
        amount1 = base1.add(limit1).add(unused1);
        _burn(msg.sender, shares);
        emit Withdraw(msg.sender, to, shares, amount0, amount1);
    }

    /// @notice Collects both positions' fees into the vault.
    function collectFees() external nonReentrant returns (uint256 fees0, uint256 fees1) {
        (fees0, fees1) = _collectFees();
    }

    // ---- Owner ----

    /// @notice Withdraws both positions (fees collected), swaps `swapQuantity` if not 0 (> 0 sells that much token0,
    /// < 0 sells -swapQuantity of token1), then puts the most the idle tokens give into the base range and the rest
    /// into the limit range.
    function rebalance(int24 _baseLower, int24 _baseUpper, int24 _limitLower, int24 _limitUpper, int256 swapQuantity)
        external
        nonReentrant
        onlyOwner
    {
        require(
            _baseLower < _baseUpper && _baseLower % tickSpacing == 0 && _baseUpper % tickSpacing == 0,
            'IV.rebalance: base position invalid'
        );
        require(
            _limitLower < _limitUpper && _limitLower % tickSpacing == 0 && _limitUpper % tickSpacing == 0,
            'IV.rebalance: limit position invalid'
        );
        require(_baseLower != _limitLower || _baseUpper != _limitUpper, 'IV.rebalance: identical positions');

        (uint256 fees0, uint256 fees1) = _collectFees();
        (uint128 baseLiquidity, , ) = AlgebraPositions.read(IAlgebraPool(pool), address(this), baseLower, baseUpper);
        (uint128 limitLiquidity, , ) = AlgebraPositions.read(IAlgebraPool(pool), address(this), limitLower, limitUpper);
        _burnLiquidity(baseLower, baseUpper, baseLiquidity, address(this), true);
        _burnLiquidity(limitLower, limitUpper, limitLiquidity, address(this), true);

        emit Rebalance(
            currentTick(),
            IERC20(token0).balanceOf(address(this)),
            IERC20(token1).balanceOf(address(this)),
            fees0,
            fees1,
            totalSupply()
        );

        if (swapQuantity != 0) {
            IAlgebraPool(pool).swap(
                address(this),
                swapQuantity > 0,
                swapQuantity > 0 ? swapQuantity : -swapQuantity,
                swapQuantity > 0 ? TickMath.MIN_SQRT_RATIO + 1 : TickMath.MAX_SQRT_RATIO - 1,
                abi.encode(address(this))
            );
        }

        baseLower = _baseLower;
        baseUpper = _baseUpper;
        _mintLiquidity(baseLower, baseUpper, _maxLiquidity(baseLower, baseUpper));
        limitLower = _limitLower;
        limitUpper = _limitUpper;
        _mintLiquidity(limitLower, limitUpper, _maxLiquidity(limitLower, limitUpper));
    }

    function setTwapPeriod(uint32 newTwapPeriod) external onlyOwner {
        require(newTwapPeriod > 0, 'IV.setTwapPeriod: missing period');
        twapPeriod = newTwapPeriod;
        emit SetTwapPeriod(msg.sender, newTwapPeriod);
    }

    function setDepositMax(uint256 _deposit0Max, uint256 _deposit1Max) external onlyOwner {
        deposit0Max = _deposit0Max;
        deposit1Max = _deposit1Max;
        emit DepositMax(msg.sender, _deposit0Max, _deposit1Max);
    }

    function setMaxTotalSupply(uint256 _maxTotalSupply) external onlyOwner {
        maxTotalSupply = _maxTotalSupply;
        emit MaxTotalSupply(msg.sender, _maxTotalSupply);
    }

    function setHysteresis(uint256 _hysteresis) external onlyOwner {
        hysteresis = _hysteresis;
        emit Hysteresis(msg.sender, _hysteresis);
    }

    function setAffiliate(address _affiliate) external onlyOwner {
        affiliate = _affiliate;
        emit Affiliate(msg.sender, _affiliate);
    }

    function renounceOwnership() external onlyOwner {
        emit OwnershipTransferred(owner, NULL_ADDRESS);
        owner = NULL_ADDRESS;
    }

    function transferOwnership(address newOwner) external onlyOwner {
        require(newOwner != NULL_ADDRESS, 'Ownable: new owner is the zero address');
        emit OwnershipTransferred(owner, newOwner);
        owner = newOwner;
    }

    // ---- Pool callbacks ----

    function algebraMintCallback(uint256 amount0, uint256 amount1, bytes calldata data) external {
        data;
        require(msg.sender == pool && mintCalled, 'cb1');
        mintCalled = false;
        if (amount0 > 0) IERC20(token0).safeTransfer(msg.sender, amount0);
        if (amount1 > 0) IERC20(token1).safeTransfer(msg.sender, amount1);
    }

    function algebraSwapCallback(int256 amount0Delta, int256 amount1Delta, bytes calldata data) external {
        data;
        require(msg.sender == pool, 'cb2');
        if (amount0Delta > 0) IERC20(token0).safeTransfer(msg.sender, uint256(amount0Delta));
        else if (amount1Delta > 0) IERC20(token1).safeTransfer(msg.sender, uint256(amount1Delta));
    }

    // ---- Internal ----

    /// @notice 1e18 token0 quoted in token1 at `tick` (Uniswap's OracleLibrary.getQuoteAtTick; token0 < token1).
    function _fetchSpot(int24 tick) internal pure returns (uint256 quote) {
        uint160 sqrtRatioX96 = TickMath.getSqrtRatioAtTick(tick);
        if (sqrtRatioX96 <= type(uint128).max) {
            uint256 ratioX192 = uint256(sqrtRatioX96) * sqrtRatioX96;
            quote = FullMath.mulDiv(ratioX192, PRECISION, 1 << 192);
        } else {
            uint256 ratioX128 = FullMath.mulDiv(sqrtRatioX96, sqrtRatioX96, 1 << 64);
            quote = FullMath.mulDiv(ratioX128, PRECISION, 1 << 128);
        }
    }

    function _pokePositions() internal {
        (uint128 baseLiquidity, , ) = AlgebraPositions.read(IAlgebraPool(pool), address(this), baseLower, baseUpper);
        if (baseLiquidity > 0) IAlgebraPool(pool).burn(baseLower, baseUpper, 0);
        (uint128 limitLiquidity, , ) = AlgebraPositions.read(IAlgebraPool(pool), address(this), limitLower, limitUpper);
        if (limitLiquidity > 0) IAlgebraPool(pool).burn(limitLower, limitUpper, 0);
    }

    function _collectFees() internal returns (uint256 fees0, uint256 fees1) {
        _pokePositions();
        (uint128 base0, uint128 base1) = IAlgebraPool(pool).collect(
            address(this),
            baseLower,
            baseUpper,
            type(uint128).max,
            type(uint128).max
        );
        (uint128 limit0, uint128 limit1) = IAlgebraPool(pool).collect(
            address(this),
            limitLower,
            limitUpper,
            type(uint128).max,
            type(uint128).max
        );
        fees0 = uint256(base0).add(limit0);
        fees1 = uint256(base1).add(limit1);
        emit CollectFees(msg.sender, fees0, fees1);
    }

    function _mintLiquidity(int24 tickLower, int24 tickUpper, uint128 liquidity) internal {
        if (liquidity == 0) return;
        mintCalled = true;
        IAlgebraPool(pool).mint(address(this), address(this), tickLower, tickUpper, liquidity, abi.encode(address(this)));
    }

    /// @notice Burns liquidity; collects what the burn freed (or, with collectAll, all the pool owes) to `to`.
    function _burnLiquidity(int24 tickLower, int24 tickUpper, uint128 liquidity, address to, bool collectAll)
        internal
        returns (uint256 amount0, uint256 amount1)
    {
        if (liquidity == 0) return (0, 0);
        (uint256 owed0, uint256 owed1) = IAlgebraPool(pool).burn(tickLower, tickUpper, liquidity);
        uint128 collect0 = collectAll ? type(uint128).max : _toUint128(owed0);
        uint128 collect1 = collectAll ? type(uint128).max : _toUint128(owed1);
        if (collect0 > 0 || collect1 > 0)
            (amount0, amount1) = IAlgebraPool(pool).collect(to, tickLower, tickUpper, collect0, collect1);
    }

    function _liquidityForShares(int24 tickLower, int24 tickUpper, uint256 shares) internal view returns (uint128) {
        (uint128 liquidity, , ) = AlgebraPositions.read(IAlgebraPool(pool), address(this), tickLower, tickUpper);
        return _toUint128(uint256(liquidity).mul(shares).div(totalSupply()));
    }

    function _maxLiquidity(int24 tickLower, int24 tickUpper) internal view returns (uint128) {
        return
            AlgebraPositions.liquidityForAmounts(
                IAlgebraPool(pool),
                tickLower,
                tickUpper,
                IERC20(token0).balanceOf(address(this)),
                IERC20(token1).balanceOf(address(this))
            );
    }

    function _toUint128(uint256 x) internal pure returns (uint128) {
        require(x <= type(uint128).max, 'IV.toUint128');
        return uint128(x);
    }
}
