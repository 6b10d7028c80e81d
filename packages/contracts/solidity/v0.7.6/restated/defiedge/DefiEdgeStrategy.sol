// SPDX-License-Identifier: GPL-2.0-or-later
// Restated for Tidewatch's test kit from the ABI QuickSwap's interface-v2 reads DefiEdge's strategies with
// (src/constants/abis/defiedge-strategy.json at 8799993562503860a266feb3d8bf376acc80596a; README.md in the folder
// above). Not DefiEdge's code (BUSL): our own Solidity with exactly that file's functions and events (and
// algebraMintCallback, which an Algebra pool calls where a Uniswap V3 pool calls uniswapV3MintCallback), behaving
// as DefiEdge's strategy does for what a tracker reads and a user does.
pragma solidity 0.7.6;
pragma abicoder v2;

import '@openzeppelin/contracts/math/SafeMath.sol';
import '@openzeppelin/contracts/token/ERC20/IERC20.sol';
import '@openzeppelin/contracts/token/ERC20/SafeERC20.sol';
import '@openzeppelin/contracts/utils/ReentrancyGuard.sol';
import '@uniswap/v3-core/contracts/libraries/FullMath.sol';
import 'contracts/algebra/interfaces/IAlgebraPool.sol';
import '../common/AlgebraPositions.sol';

interface IERC20Decimals {
    function decimals() external view returns (uint8);
}

/// @title DefiEdge's strategy on an Algebra (QuickSwap V3) pool, restated.
/// @notice ERC-20 shares (18 decimals; name and symbol are bytes32, as the ABI file has them) over any number of
/// ranges (`ticks`) in one pool and idle tokens. `mint` puts the user's tokens into the first range (as liquidity
/// its amounts give; what it does not use stays with the user) or, with no range or one amount 0, keeps them idle;
/// shares are the deposit's value over the holdings' value, both at the pool's price in token1, times the supply
/// (the first mint gets the value in token1 scaled to 18 decimals, as DefiEdge's are USD values with 18 decimals).
/// `burn` pays the shares' part of each range's liquidity and of the idle tokens. The manager rebalances.
/// Simplified against DefiEdge's contract: values come from the pool's price, not Chainlink (chainlinkRegistry
/// and usdAsBase are stored only); no management or performance fee is taken (the acc*FeeShares stay 0 and
/// claimFee mints nothing); no MINIMUM_LIQUIDITY is locked; swaps through 1inch (`swap`, a rebalance's swap data)
/// are not available (they revert); anyone may mint (DefiEdge's manager can whitelist users); getReward, which
/// interface-v2's file lists, does nothing.
contract DefiEdgeStrategy is ReentrancyGuard {
    using SafeMath for uint256;
    using SafeERC20 for IERC20;

    struct Tick {
        int24 tickLower;
        int24 tickUpper;
    }

    /// @notice A change to an existing range: `burn` removes liquidity worth amount0 and amount1 (all of it when
    /// they are 0 or worth more), else liquidity worth them is added from the idle tokens.
    struct PartialTick {
        uint256 index;
        bool burn;
        uint256 amount0;
        uint256 amount1;
    }

    /// @notice A new range and the idle tokens it gets.
    struct NewTick {
        int24 tickLower;
        int24 tickUpper;
        uint256 amount0;
        uint256 amount1;
    }

    // ---- ERC-20 of the shares ----

    bytes32 public constant name = 'DefiEdge Share';
    bytes32 public constant symbol = 'DEShare';
    uint8 public constant decimals = 18;
    uint256 public totalSupply;
    mapping(address => uint256) private _balances;
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    // ---- Strategy ----

    uint256 public constant FEE_PRECISION = 1e8;
    uint256 public constant MAX_TICK_LENGTH = 20;
    uint256 public constant MINIMUM_LIQUIDITY = 1e12;
    uint256 public constant MIN_SHARE = 1e8;

    address public factory;
    IAlgebraPool public pool;
    address public oneInchRouter;
    address internal chainlinkRegistry;
    address public manager;
    bool[2] public usdAsBase;
    bool public onHold;
    uint256 public accManagementFeeShares;
    uint256 public accPerformanceFeeShares;
    uint256 public accProtocolPerformanceFeeShares;
    Tick[] public ticks;

    event Mint(address indexed user, uint256 share, uint256 amount0, uint256 amount1);
    event Burn(address indexed user, uint256 share, uint256 amount0, uint256 amount1);
    event Rebalance(NewTick[] ticks);
    event PartialRebalance(PartialTick[] ticks);
    event Hold();
    event Swap(uint256 amountIn, uint256 amountOut, bool _zeroForOne);
    event FeesClaim(address indexed strategy, uint256 amount0, uint256 amount1);
    event ClaimFee(uint256 managerFee, uint256 protocolFee);

    modifier onlyOperator() {
        require(msg.sender == manager, 'N');
        _;
    }

    /// @notice The ticks given are stored as the strategy's ranges (empty until the first rebalance mints into them).
    constructor(
        address _factory,
        address _pool,
        address _oneInchRouter,
        address _chainlinkRegistry,
        address _manager,
        bool[2] memory _usdAsBase,
        Tick[] memory _ticks
    ) {
        require(_ticks.length <= MAX_TICK_LENGTH, 'ITL');
        factory = _factory;
        pool = IAlgebraPool(_pool);
        oneInchRouter = _oneInchRouter;
        chainlinkRegistry = _chainlinkRegistry;
        manager = _manager;
        usdAsBase = _usdAsBase;
        for (uint256 i; i < _ticks.length; i++) {
            _checkTick(_ticks[i].tickLower, _ticks[i].tickUpper);
            ticks.push(_ticks[i]);
        }
    }

    // ---- ERC-20 ----

    function balanceOf(address account) public view returns (uint256) {
        return _balances[account];
    }

    function approve(address spender, uint256 amount) external returns (bool) {
        _approve(msg.sender, spender, amount);
        return true;
    }

    function increaseAllowance(address spender, uint256 addedValue) external returns (bool) {
        _approve(msg.sender, spender, allowance[msg.sender][spender].add(addedValue));
        return true;
    }

    function decreaseAllowance(address spender, uint256 subtractedValue) external returns (bool) {
        _approve(msg.sender, spender, allowance[msg.sender][spender].sub(subtractedValue, 'ERC20: decreased allowance below zero'));
        return true;
    }

    function transfer(address recipient, uint256 amount) external returns (bool) {
        _transfer(msg.sender, recipient, amount);
        return true;
    }

    function transferFrom(address sender, address recipient, uint256 amount) external returns (bool) {
        _transfer(sender, recipient, amount);
        _approve(sender, msg.sender, allowance[sender][msg.sender].sub(amount, 'ERC20: transfer amount exceeds allowance'));
        return true;
    }

    // ---- Views ----

    function getTicks() external view returns (Tick[] memory) {
        return ticks;
    }

    /// @notice The strategy's holdings: idle tokens plus each range's amounts at the pool's price. With
    /// `_includeFee` each range's fees are first brought up to date and collected into the strategy (FeesClaim), and
    /// totalFee0 and totalFee1 are what was collected; without it the fees the pool owes are added to the amounts.
    /// Not a view (it pokes and collects): read it with eth_call, as trackers do.
    function getAUMWithFees(bool _includeFee)
        public
        returns (uint256 amount0, uint256 amount1, uint256 totalFee0, uint256 totalFee1)
    {
        for (uint256 i; i < ticks.length; i++) {
            Tick memory tick = ticks[i];
            (uint128 liquidity, uint128 owed0, uint128 owed1) =
                AlgebraPositions.read(pool, address(this), tick.tickLower, tick.tickUpper);
            if (liquidity > 0) {
                (uint256 position0, uint256 position1) =
                    AlgebraPositions.amountsForLiquidity(pool, tick.tickLower, tick.tickUpper, liquidity);
                amount0 = amount0.add(position0);
                amount1 = amount1.add(position1);
            }
            if (_includeFee) {
                if (liquidity > 0) pool.burn(tick.tickLower, tick.tickUpper, 0);
                (uint128 fee0, uint128 fee1) =
                    pool.collect(address(this), tick.tickLower, tick.tickUpper, type(uint128).max, type(uint128).max);
                totalFee0 = totalFee0.add(fee0);
                totalFee1 = totalFee1.add(fee1);
                if (fee0 > 0 || fee1 > 0) emit FeesClaim(address(this), fee0, fee1);
            } else {
                amount0 = amount0.add(owed0);
                amount1 = amount1.add(owed1);
            }
        }
        amount0 = amount0.add(IERC20(pool.token0()).balanceOf(address(this)));
        amount1 = amount1.add(IERC20(pool.token1()).balanceOf(address(this)));
    }

    // ---- Users ----

    /// @notice Deposits up to _amount0 and _amount1 (see the contract's notice) for shares to the sender.
    function mint(uint256 _amount0, uint256 _amount1, uint256 _amount0Min, uint256 _amount1Min, uint256 _minShare)
        external
        nonReentrant
        returns (uint256 amount0, uint256 amount1, uint256 share)
    {
        require(_amount0 > 0 || _amount1 > 0, 'IA');
        (uint256 total0, uint256 total1, , ) = getAUMWithFees(true);
        uint128 liquidity;
        if (_amount0 > 0 && _amount1 > 0 && ticks.length > 0) {
            Tick memory tick = ticks[0];
            liquidity = AlgebraPositions.liquidityForAmounts(pool, tick.tickLower, tick.tickUpper, _amount0, _amount1);
            if (liquidity > 0)
                (amount0, amount1, ) = pool.mint(
                    address(this),
                    address(this),
                    tick.tickLower,
                    tick.tickUpper,
                    liquidity,
                    abi.encode(msg.sender)
                );
        }
        if (liquidity == 0) {
            (amount0, amount1) = (_amount0, _amount1);
            if (amount0 > 0) IERC20(pool.token0()).safeTransferFrom(msg.sender, address(this), amount0);
            if (amount1 > 0) IERC20(pool.token1()).safeTransferFrom(msg.sender, address(this), amount1);
        }
        require(amount0 >= _amount0Min && amount1 >= _amount1Min, 'S');

        uint256 value = _valueInToken1(amount0, amount1);
        if (totalSupply == 0) {
            uint8 decimals1 = IERC20Decimals(pool.token1()).decimals();
            require(decimals1 <= 18, 'D');
            share = value.mul(10**(18 - uint256(decimals1)));
        } else {
            share = value.mul(totalSupply).div(_valueInToken1(total0, total1));
        }
        require(share > 0 && share >= _minShare, 'SC');
        _mint(msg.sender, share);
        emit Mint(msg.sender, share, amount0, amount1);
    }

    /// @notice Burns `_shares` of the sender's for their part of each range's liquidity and of the idle tokens
    /// (fees collected into the strategy first, so they are shared too), paid to the sender.
    function burn(uint256 _shares, uint256 _amount0Min, uint256 _amount1Min)
        external
        nonReentrant
        returns (uint256 collect0, uint256 collect1)
    {
        require(_shares > 0 && _shares <= _balances[msg.sender], 'INS');
        uint256 supply = totalSupply;
        getAUMWithFees(true);
        uint256 idle0 = IERC20(pool.token0()).balanceOf(address(this)).mul(_shares).div(supply);
        uint256 idle1 = IERC20(pool.token1()).balanceOf(address(this)).mul(_shares).div(supply);
        _burn(msg.sender, _shares);
        for (uint256 i; i < ticks.length; i++) {
            Tick memory tick = ticks[i];
            (uint128 liquidity, , ) = AlgebraPositions.read(pool, address(this), tick.tickLower, tick.tickUpper);
            uint128 burned = _toUint128(uint256(liquidity).mul(_shares).div(supply));
            if (burned == 0) continue;
            (uint256 amount0, uint256 amount1) = pool.burn(tick.tickLower, tick.tickUpper, burned);
            if (amount0 > 0 || amount1 > 0)
                pool.collect(msg.sender, tick.tickLower, tick.tickUpper, _toUint128(amount0), _toUint128(amount1));
            collect0 = collect0.add(amount0);
            collect1 = collect1.add(amount1);
        }
        if (idle0 > 0) IERC20(pool.token0()).safeTransfer(msg.sender, idle0);
        if (idle1 > 0) IERC20(pool.token1()).safeTransfer(msg.sender, idle1);
        collect0 = collect0.add(idle0);
        collect1 = collect1.add(idle1);
        require(collect0 >= _amount0Min && collect1 >= _amount1Min, 'S');
        emit Burn(msg.sender, _shares, collect0, collect1);
    }

    /// @notice Nothing to claim: listed in interface-v2's ABI file, not a function of DefiEdge's strategy.
    function getReward() external {}

    // ---- Manager ----

    /// @notice Burns every range (`_burnAll`) or changes existing ones, then adds `_newTicks` from the idle tokens.
    /// `_swapData` must be empty (no 1inch here).
    function rebalance(
        bytes calldata _swapData,
        PartialTick[] calldata _existingTicks,
        NewTick[] calldata _newTicks,
        bool _burnAll
    ) external nonReentrant onlyOperator {
        if (_burnAll) {
            require(_existingTicks.length == 0, 'IA');
            while (ticks.length > 0) _burnWhole(ticks.length - 1);
        } else {
            for (uint256 i; i < _existingTicks.length; i++) {
                PartialTick memory change = _existingTicks[i];
                Tick memory tick = ticks[change.index];
                if (change.burn) {
                    (uint128 liquidity, , ) = AlgebraPositions.read(pool, address(this), tick.tickLower, tick.tickUpper);
                    uint128 burned = AlgebraPositions.liquidityForAmounts(
                        pool,
                        tick.tickLower,
                        tick.tickUpper,
                        change.amount0,
                        change.amount1
                    );
                    if (burned == 0 || burned > liquidity) burned = liquidity;
                    if (burned > 0) pool.burn(tick.tickLower, tick.tickUpper, burned);
                    pool.collect(address(this), tick.tickLower, tick.tickUpper, type(uint128).max, type(uint128).max);
                } else {
                    _mintFromStrategy(tick.tickLower, tick.tickUpper, change.amount0, change.amount1);
                }
            }
            // Ranges left without liquidity are dropped (from the end, so indexes above stay valid).
            for (uint256 i = ticks.length; i > 0; i--) {
                Tick memory tick = ticks[i - 1];
                (uint128 liquidity, , ) = AlgebraPositions.read(pool, address(this), tick.tickLower, tick.tickUpper);
                if (liquidity == 0) _removeTick(i - 1);
            }
            if (_existingTicks.length > 0) emit PartialRebalance(_existingTicks);
        }
        require(_swapData.length == 0, 'DefiEdgeStrategy: no 1inch swaps here');

        for (uint256 i; i < _newTicks.length; i++) {
            NewTick memory added = _newTicks[i];
            _checkTick(added.tickLower, added.tickUpper);
            for (uint256 j; j < ticks.length; j++) {
                require(ticks[j].tickLower != added.tickLower || ticks[j].tickUpper != added.tickUpper, 'TE');
            }
            _mintFromStrategy(added.tickLower, added.tickUpper, added.amount0, added.amount1);
            ticks.push(Tick(added.tickLower, added.tickUpper));
        }
        require(ticks.length <= MAX_TICK_LENGTH, 'ITL');
        onHold = ticks.length == 0;
        if (onHold) emit Hold();
        emit Rebalance(_newTicks);
    }

    /// @notice Burns one range whole into the strategy and drops it.
    function burnLiquiditySingle(uint256 _tickIndex)
        external
        nonReentrant
        onlyOperator
        returns (uint256 amount0, uint256 amount1, uint256 fee0, uint256 fee1)
    {
        (amount0, amount1, fee0, fee1) = _burnWhole(_tickIndex);
        if (ticks.length == 0) {
            onHold = true;
            emit Hold();
        }
    }

    /// @notice A 1inch swap in DefiEdge's strategy; not available here.
    function swap(bytes calldata data) external onlyOperator {
        data;
        revert('DefiEdgeStrategy: no 1inch swaps here');
    }

    /// @notice Mints the accrued fee shares to the manager's and the protocol's fee receivers: none accrue here.
    function claimFee() external {
        emit ClaimFee(0, 0);
    }

    function transferManager(address _manager) external {
        require(msg.sender == manager || msg.sender == factory, 'N');
        manager = _manager;
    }

    /// @notice The factory's governance (here: the factory address itself) recovers tokens.
    function emergencyWithdraw(address _token, address _to, uint256 _amount) external {
        require(msg.sender == factory, 'N');
        IERC20(_token).safeTransfer(_to, _amount);
    }

    // ---- Pool callbacks ----

    /// @notice Pays the pool for a mint, from `payer` (abi-encoded in data): the user in `mint`, the strategy itself
    /// in a rebalance. Algebra pools call algebraMintCallback, Uniswap V3 pools uniswapV3MintCallback; both are here.
    function algebraMintCallback(uint256 amount0, uint256 amount1, bytes calldata data) external {
        _payPool(amount0, amount1, data);
    }

    function uniswapV3MintCallback(uint256 amount0, uint256 amount1, bytes calldata data) external {
        _payPool(amount0, amount1, data);
    }

    // ---- Internal ----

    function _payPool(uint256 amount0, uint256 amount1, bytes calldata data) internal {
        require(msg.sender == address(pool), 'IP');
        address payer = abi.decode(data, (address));
        _pay(pool.token0(), payer, amount0);
        _pay(pool.token1(), payer, amount1);
    }

    function _pay(address token, address payer, uint256 amount) internal {
        if (amount == 0) return;
        if (payer == address(this)) IERC20(token).safeTransfer(msg.sender, amount);
        else IERC20(token).safeTransferFrom(payer, msg.sender, amount);
    }

    function _mintFromStrategy(int24 tickLower, int24 tickUpper, uint256 amount0, uint256 amount1) internal {
        uint128 liquidity = AlgebraPositions.liquidityForAmounts(pool, tickLower, tickUpper, amount0, amount1);
        if (liquidity > 0)
            pool.mint(address(this), address(this), tickLower, tickUpper, liquidity, abi.encode(address(this)));
    }

    function _burnWhole(uint256 index) internal returns (uint256 amount0, uint256 amount1, uint256 fee0, uint256 fee1) {
        Tick memory tick = ticks[index];
        (uint128 liquidity, , ) = AlgebraPositions.read(pool, address(this), tick.tickLower, tick.tickUpper);
        if (liquidity > 0) (amount0, amount1) = pool.burn(tick.tickLower, tick.tickUpper, liquidity);
        (uint128 collected0, uint128 collected1) =
            pool.collect(address(this), tick.tickLower, tick.tickUpper, type(uint128).max, type(uint128).max);
        fee0 = uint256(collected0).sub(amount0);
        fee1 = uint256(collected1).sub(amount1);
        _removeTick(index);
    }

    function _removeTick(uint256 index) internal {
        ticks[index] = ticks[ticks.length - 1];
        ticks.pop();
    }

    function _checkTick(int24 tickLower, int24 tickUpper) internal view {
        int24 spacing = pool.tickSpacing();
        require(tickLower < tickUpper && tickLower % spacing == 0 && tickUpper % spacing == 0, 'IT');
    }

    /// @notice amount0 at the pool's price in token1, plus amount1.
    function _valueInToken1(uint256 amount0, uint256 amount1) internal view returns (uint256) {
        (uint160 sqrtPriceX96, ) = AlgebraPositions.price(pool);
        uint256 priced0 = FullMath.mulDiv(FullMath.mulDiv(amount0, sqrtPriceX96, 1 << 96), sqrtPriceX96, 1 << 96);
        return priced0.add(amount1);
    }

    function _toUint128(uint256 x) internal pure returns (uint128) {
        require(x <= type(uint128).max, 'OF');
        return uint128(x);
    }

    function _transfer(address sender, address recipient, uint256 amount) internal {
        require(sender != address(0) && recipient != address(0), 'ERC20: transfer from or to the zero address');
        _balances[sender] = _balances[sender].sub(amount, 'ERC20: transfer amount exceeds balance');
        _balances[recipient] = _balances[recipient].add(amount);
        emit Transfer(sender, recipient, amount);
    }

    function _approve(address owner, address spender, uint256 amount) internal {
        require(owner != address(0) && spender != address(0), 'ERC20: approve from or to the zero address');
        allowance[owner][spender] = amount;
        emit Approval(owner, spender, amount);
    }

    function _mint(address account, uint256 amount) internal {
        totalSupply = totalSupply.add(amount);
        _balances[account] = _balances[account].add(amount);
        emit Transfer(address(0), account, amount);
    }

    function _burn(address account, uint256 amount) internal {
        _balances[account] = _balances[account].sub(amount, 'ERC20: burn amount exceeds balance');
        totalSupply = totalSupply.sub(amount);
        emit Transfer(account, address(0), amount);
    }
}
